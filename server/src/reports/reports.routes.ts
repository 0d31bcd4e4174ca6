import {
  createReportConfig,
  deleteReportConfig,
  listReportConfigs,
  listReportDeliveries,
  runReport,
  runReportConfig,
  updateReportConfig,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentReportConfig } from './report-configs.presenter.js';
import { ReportConfigsService } from './report-configs.service.js';
import { ReportsService } from './reports.service.js';

export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reports = new ReportsService(deps);
  const configs = new ReportConfigsService(deps);

  registerEndpoint(app, runReport, async ({ auth, body }) => reports.run(auth, body));

  registerEndpoint(app, listReportConfigs, async ({ auth, query }) => {
    const { rows, total } = await configs.list(auth, query);
    return { infos: rows.map(presentReportConfig), total };
  });

  registerEndpoint(app, createReportConfig, async ({ auth, body }) => configs.create(auth, body));

  registerEndpoint(app, updateReportConfig, async ({ auth, params, body }) => {
    await configs.update(auth, params.id, body);
    return null;
  });

  registerEndpoint(app, deleteReportConfig, async ({ auth, params }) => {
    await configs.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, listReportDeliveries, async ({ auth, params }) => ({
    deliveries: await configs.deliveries(auth, params.id),
  }));

  registerEndpoint(app, runReportConfig, async ({ auth, params }) =>
    configs.fileNow(auth, params.id),
  );
}
