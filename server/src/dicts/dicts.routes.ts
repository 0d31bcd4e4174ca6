import { dictCurrencies, dictPlantTypes, dictRegions, dictTimeZones } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { currencies, plantTypes, regions, timeZones } from './dicts.service.js';

export function dictsRoutes(app: FastifyInstance, _deps: AppDeps): void {
  registerEndpoint(app, dictCurrencies, async ({ query }) => currencies(query.lan));
  registerEndpoint(app, dictTimeZones, async () => timeZones());
  registerEndpoint(app, dictPlantTypes, async () => plantTypes());
  registerEndpoint(app, dictRegions, async ({ query }) => regions(query.parent));
}
