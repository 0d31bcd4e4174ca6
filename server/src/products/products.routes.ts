import {
  checkDeviceProtocol,
  checkProductModelCode,
  createDeviceProtocol,
  createProductModel,
  listDeviceProtocols,
  listProductModels,
  setDeviceProtocolEnabled,
  setProductModelEnabled,
  updateDeviceProtocol,
  updateProductModel,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { DeviceProtocolsService } from './device-protocols.service.js';
import { ProductModelsService } from './product-models.service.js';
import { presentDeviceProtocol, presentProductModel } from './products.presenter.js';

export function productsRoutes(app: FastifyInstance, deps: AppDeps): void {
  productModelsRoutes(app, new ProductModelsService(deps.db));
  deviceProtocolsRoutes(app, new DeviceProtocolsService(deps.db));
}

function productModelsRoutes(app: FastifyInstance, models: ProductModelsService): void {
  registerEndpoint(app, listProductModels, async ({ query }) => {
    const { rows, total } = await models.list(query);
    return { infos: rows.map(presentProductModel), total };
  });

  registerEndpoint(app, checkProductModelCode, async ({ query }) => {
    await models.checkCode(query.kind, query.modelCode);
    return null;
  });

  registerEndpoint(app, createProductModel, async ({ auth, request, body }) =>
    presentProductModel(await models.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateProductModel, async ({ auth, request, params, body }) =>
    presentProductModel(await models.update(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, setProductModelEnabled, async ({ auth, request, params, body }) =>
    presentProductModel(
      await models.setEnabled(auditActor(auth, request), params.id, body.enabled),
    ),
  );
}

function deviceProtocolsRoutes(app: FastifyInstance, protocols: DeviceProtocolsService): void {
  registerEndpoint(app, listDeviceProtocols, async ({ query }) => {
    const { rows, total } = await protocols.list(query);
    return { infos: rows.map(presentDeviceProtocol), total };
  });

  registerEndpoint(app, checkDeviceProtocol, async ({ query }) => {
    await protocols.check(query.name, query.version);
    return null;
  });

  registerEndpoint(app, createDeviceProtocol, async ({ auth, request, body }) =>
    presentDeviceProtocol(await protocols.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateDeviceProtocol, async ({ auth, request, params, body }) =>
    presentDeviceProtocol(await protocols.update(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, setDeviceProtocolEnabled, async ({ auth, request, params, body }) =>
    presentDeviceProtocol(
      await protocols.setEnabled(auditActor(auth, request), params.id, body.enabled),
    ),
  );
}
