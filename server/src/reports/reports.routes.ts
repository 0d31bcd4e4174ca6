import { runReport } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { ReportsService } from './reports.service.js';

export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reports = new ReportsService(deps);

  registerEndpoint(app, runReport, async ({ auth, body }) => reports.run(auth, body));
}
