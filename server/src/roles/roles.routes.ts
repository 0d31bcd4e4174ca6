import {
  checkRoleName,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  updateRole,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentRole } from './roles.presenter.js';
import { RolesService } from './roles.service.js';

export function rolesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const roles = new RolesService(deps.db);

  registerEndpoint(app, listRoles, async ({ auth, query }) => {
    const { rows, total } = await roles.list(auth, query);
    return { infos: rows.map(presentRole), total };
  });

  registerEndpoint(app, getRole, async ({ auth, params }) =>
    presentRole(await roles.get(auth, params.id)),
  );

  registerEndpoint(app, createRole, async ({ auth, body }) =>
    presentRole(await roles.create(auth, body)),
  );

  registerEndpoint(app, updateRole, async ({ auth, params, body }) =>
    presentRole(await roles.update(auth, params.id, body)),
  );

  registerEndpoint(app, deleteRole, async ({ auth, params }) => {
    await roles.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, checkRoleName, async ({ auth, query }) => {
    await roles.checkName(auth, query.name, query.id);
    return null;
  });
}
