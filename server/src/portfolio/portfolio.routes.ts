import { portfolio } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { PortfolioService } from './portfolio.service.js';

export function portfolioRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new PortfolioService(deps);
  registerEndpoint(app, portfolio, async ({ auth }) => service.portfolio(auth));
}
