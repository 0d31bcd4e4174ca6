import { viewNotice } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentNotice } from './notices.presenter.js';
import { NoticesService } from './notices.service.js';

export function noticesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const notices = new NoticesService(deps.db);

  registerEndpoint(app, viewNotice, async ({ query }) => {
    const row = await notices.inEffect(query.date, query.scope);
    return row ? presentNotice(row) : null;
  });
}
