import {
  ErrorCode,
  getRegisterMap,
  importRegisterMap,
  importRegisterMapFromProtocol,
  inverterSettingsMap,
  listRegisterMaps,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentRegisterMap, presentRegisterMapSummary } from './register-maps.presenter.js';
import { RegisterMapsService } from './register-maps.service.js';

export function registerMapsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const maps = new RegisterMapsService(deps.db);

  registerEndpoint(app, listRegisterMaps, async ({ query }) => {
    const { versions, total } = await maps.list(query);
    return { infos: versions.map(presentRegisterMapSummary), total };
  });

  registerEndpoint(app, getRegisterMap, async ({ params }) => {
    const map = await maps.effectiveMap(params.family);
    if (!map) throw new AppError(ErrorCode.brandParameterUnsupported);
    return presentRegisterMap(map);
  });

  registerEndpoint(app, importRegisterMap, async ({ auth, body }) => {
    const { version, warnings } = await maps.importSunSpec(auth, body);
    return { map: presentRegisterMapSummary(version), warnings };
  });

  registerEndpoint(app, importRegisterMapFromProtocol, async ({ auth, body }) => ({
    map: presentRegisterMapSummary(await maps.importProtocol(auth, body)),
  }));

  registerEndpoint(app, inverterSettingsMap, async ({ auth, params }) => {
    const target = await maps.settingsTarget(auth, params.sn);
    return {
      sn: target.sn,
      modelCode: target.modelCode,
      family: target.family,
      map: presentRegisterMap(target.map),
    };
  });
}
