import {
  COMPANY_PERMISSIONS,
  customerPermissionTree,
  permissionTree,
  prunePermissionTree,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';

export function permissionTreeRoutes(app: FastifyInstance, _deps: AppDeps): void {
  const companyTree = prunePermissionTree(new Set<string>(COMPANY_PERMISSIONS));

  registerEndpoint(app, permissionTree, async ({ auth }) => prunePermissionTree(auth.permissions));
  registerEndpoint(app, customerPermissionTree, async () => companyTree);
}
