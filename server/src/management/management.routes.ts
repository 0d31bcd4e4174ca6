import {
  listStockDataloggers,
  registerStockDatalogger,
  unbindStockDatalogger,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentStockDatalogger } from './stock.presenter.js';
import { StockService } from './stock.service.js';

export function managementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const stock = new StockService(deps.db);

  registerEndpoint(app, listStockDataloggers, async ({ query }) => {
    const { rows, total } = await stock.list(query);
    return { infos: rows.map(presentStockDatalogger), total };
  });

  registerEndpoint(app, registerStockDatalogger, async ({ auth, request, body }) =>
    presentStockDatalogger(await stock.register(auditActor(auth, request), body)),
  );

  registerEndpoint(app, unbindStockDatalogger, async ({ auth, request, params, body }) =>
    presentStockDatalogger(await stock.unbind(auditActor(auth, request), params.sn, body.reason)),
  );
}
