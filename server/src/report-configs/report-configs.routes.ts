import {
  createReportConfig,
  deleteReportConfig,
  listReportConfigs,
  listReportDeliveries,
  runReportConfig,
  updateReportConfig,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentReportConfig } from './report-configs.presenter.js';
import { ReportConfigsService } from './report-configs.service.js';

export function reportConfigsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const configs = new ReportConfigsService(deps);

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
