import {
  FAMILY_ENDPOINTS,
  GENERIC_FAMILY_IDS,
  SETTINGS_ENDPOINTS,
  weatherPerformance,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { DeviceSettingsService } from './device-settings.service.js';
import { DevicesService } from './devices.service.js';

/**
 * The list, detail, day curves and settings of every generic family, from its descriptor. Runs
 * after the commands module, whose command channel the settings use.
 */
export function devicesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const devices = new DevicesService(deps);
  const settings = new DeviceSettingsService(deps, devices, app.commands);
  for (const family of GENERIC_FAMILY_IDS) {
    const endpoints = FAMILY_ENDPOINTS[family];
    registerEndpoint(app, endpoints.list, async ({ auth, query }) =>
      devices.list(auth, family, query),
    );
    registerEndpoint(app, endpoints.detail, async ({ auth, params }) =>
      devices.detail(auth, family, params.sn),
    );
    registerEndpoint(app, endpoints.day, async ({ auth, params, query }) =>
      devices.day(auth, family, params.sn, query.date),
    );
    const settingsEndpoints = SETTINGS_ENDPOINTS[family];
    if (!settingsEndpoints) continue;
    registerEndpoint(app, settingsEndpoints.read, async ({ auth, params }) =>
      settings.read(auth, family, params.sn),
    );
    registerEndpoint(app, settingsEndpoints.write, async ({ auth, params, body }) =>
      settings.write(auth, family, params.sn, body.values),
    );
  }
  registerEndpoint(app, weatherPerformance, async ({ auth, params, query }) =>
    devices.weatherPerformance(auth, params.sn, query.days),
  );
}
