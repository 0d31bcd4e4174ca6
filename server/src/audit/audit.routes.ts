import { listAuditEntries } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentAuditEntry } from './audit.presenter.js';
import { AuditService } from './audit.service.js';

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  const audit = new AuditService(deps.db);

  registerEndpoint(app, listAuditEntries, async ({ query }) => {
    const { rows, total } = await audit.list(query);
    return { infos: rows.map(presentAuditEntry), total };
  });
}
