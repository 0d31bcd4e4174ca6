import {
  createFirmware,
  deleteFirmware,
  listFirmwares,
  listFirmwareVersions,
  setFirmwareEnabled,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { receiveFirmware } from './firmware-upload.js';
import { presentFirmware, presentFirmwareVersion } from './firmware.presenter.js';
import { FirmwareService } from './firmware.service.js';

export function firmwareRoutes(app: FastifyInstance, deps: AppDeps): void {
  const firmware = new FirmwareService(deps.db, deps.files);

  registerEndpoint(app, createFirmware, async ({ auth, request }) => ({
    id: await firmware.create(auth, await receiveFirmware(request, deps.files)),
  }));

  registerEndpoint(app, listFirmwares, async ({ auth, query }) => {
    const { rows, total } = await firmware.list(auth, query);
    return { infos: rows.map(presentFirmware), total };
  });

  registerEndpoint(app, setFirmwareEnabled, async ({ auth, params, body }) =>
    presentFirmware(await firmware.setEnabled(auth, params.id, body.isEnabled)),
  );

  registerEndpoint(app, deleteFirmware, async ({ auth, params }) => {
    await firmware.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, listFirmwareVersions, async ({ auth, query }) =>
    (await firmware.versions(auth, query)).map(presentFirmwareVersion),
  );
}
