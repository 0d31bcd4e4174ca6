import {
  createNotice,
  invalidateNotice,
  listNotices,
  publishNotice,
  updateNotice,
  viewNotice,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { NoticeManagementService } from './notice-management.service.js';
import { presentNotice } from './notices.presenter.js';
import { NoticesService } from './notices.service.js';

export function noticesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const notices = new NoticesService(deps.db);
  const management = new NoticeManagementService(deps.db);

  registerEndpoint(app, viewNotice, async ({ query }) => {
    const row = await notices.inEffect(query.date, query.scope);
    return row ? presentNotice(row) : null;
  });

  registerEndpoint(app, listNotices, async ({ query }) => {
    const { rows, total } = await management.list(query);
    return { infos: rows.map(presentNotice), total };
  });

  registerEndpoint(app, createNotice, async ({ auth, request, body }) =>
    presentNotice(await management.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateNotice, async ({ auth, request, params, body }) =>
    presentNotice(await management.update(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, publishNotice, async ({ auth, request, params }) =>
    presentNotice(await management.publish(auditActor(auth, request), params.id)),
  );

  registerEndpoint(app, invalidateNotice, async ({ auth, request, params }) =>
    presentNotice(await management.invalidate(auditActor(auth, request), params.id)),
  );
}
