import {
  addHardwareRevision,
  checkDeviceProtocol,
  checkHardwareId,
  checkProductModelCode,
  createDeviceProtocol,
  createProtocolColumn,
  createProductModel,
  listDeviceProtocols,
  listHardwareRevisions,
  listProductModels,
  listProtocolColumns,
  productImage,
  removeHardwareRevision,
  removeProtocolColumn,
  setDeviceProtocolEnabled,
  setProductModelEnabled,
  updateDeviceProtocol,
  updateProductModel,
  updateProtocolColumn,
  uploadProductImage,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { DeviceProtocolsService } from './device-protocols.service.js';
import { HardwareRevisionsService } from './hardware-revisions.service.js';
import { ProductModelsService } from './product-models.service.js';
import { ProtocolColumnsService } from './protocol-columns.service.js';
import {
  presentDeviceProtocol,
  presentHardwareRevision,
  presentProductModel,
  presentProtocolColumn,
} from './products.presenter.js';

export function productsRoutes(app: FastifyInstance, deps: AppDeps): void {
  productModelsRoutes(app, new ProductModelsService(deps.db, deps.files));
  hardwareRevisionsRoutes(app, new HardwareRevisionsService(deps.db));
  deviceProtocolsRoutes(app, new DeviceProtocolsService(deps.db));
  protocolColumnsRoutes(app, new ProtocolColumnsService(deps.db));
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

  registerEndpoint(app, productImage, async ({ params }) => models.image(params.id));

  registerUploadEndpoint(app, uploadProductImage, async ({ auth, request, params, file }) =>
    presentProductModel(await models.replaceImage(auditActor(auth, request), params.id, file)),
  );
}

function hardwareRevisionsRoutes(app: FastifyInstance, revisions: HardwareRevisionsService): void {
  registerEndpoint(app, listHardwareRevisions, async ({ params }) =>
    (await revisions.list(params.id)).map(presentHardwareRevision),
  );

  registerEndpoint(app, checkHardwareId, async ({ params, query }) => {
    await revisions.checkFree(params.id, query.hardwareId);
    return null;
  });

  registerEndpoint(app, addHardwareRevision, async ({ auth, request, params, body }) =>
    presentHardwareRevision(await revisions.add(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, removeHardwareRevision, async ({ auth, request, params }) => {
    await revisions.remove(auditActor(auth, request), params.id, params.revisionId);
    return null;
  });
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

function protocolColumnsRoutes(app: FastifyInstance, columns: ProtocolColumnsService): void {
  registerEndpoint(app, listProtocolColumns, async ({ params }) =>
    (await columns.list(params.id)).map(presentProtocolColumn),
  );

  registerEndpoint(app, createProtocolColumn, async ({ auth, request, params, body }) =>
    presentProtocolColumn(await columns.create(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, updateProtocolColumn, async ({ auth, request, params, body }) =>
    presentProtocolColumn(
      await columns.update(auditActor(auth, request), params.id, params.columnId, body),
    ),
  );

  registerEndpoint(app, removeProtocolColumn, async ({ auth, request, params }) => {
    await columns.remove(auditActor(auth, request), params.id, params.columnId);
    return null;
  });
}
