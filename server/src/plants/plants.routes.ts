import {
  bindPlantGateway,
  cancelPlantShare,
  createPlant,
  deletePlant,
  editPlant,
  editPlantContacts,
  editPlantIncome,
  editPlantInfo,
  getPlant,
  listPlants,
  plantDevices,
  plantFilterOptions,
  plantShareUsers,
  plantsMap,
  sharePlant,
  transferPlant,
  unbindPlantGateway,
  uploadPlantPicture,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { PlantGatewaysService } from './plant-gateways.service.js';
import { PlantSharingService } from './plant-sharing.service.js';
import { type EditPlantInput, PlantsService } from './plants.service.js';

export function plantsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const plants = new PlantsService(deps);
  const sharing = new PlantSharingService(deps);
  const gateways = new PlantGatewaysService(deps);

  registerEndpoint(app, listPlants, async ({ auth, query }) => plants.list(auth, query));
  registerEndpoint(app, plantsMap, async ({ auth }) => plants.map(auth));
  registerEndpoint(app, plantFilterOptions, async ({ auth }) => plants.filterOptions(auth));
  registerEndpoint(app, getPlant, async ({ auth, params }) => plants.detail(auth, params.id));
  registerEndpoint(app, createPlant, async ({ auth, body }) => plants.create(auth, body));

  /** The four edit endpoints differ in which fields they require; all save the given ones. */
  const edit = async (input: {
    auth: AuthContext;
    params: { id: number };
    body: EditPlantInput;
  }) => {
    await plants.edit(input.auth, input.params.id, input.body);
    return null;
  };
  registerEndpoint(app, editPlant, edit);
  registerEndpoint(app, editPlantInfo, edit);
  registerEndpoint(app, editPlantIncome, edit);
  registerEndpoint(app, editPlantContacts, edit);

  registerEndpoint(app, deletePlant, async ({ auth, params }) => {
    await plants.remove(auth, params.id);
    return null;
  });
  registerUploadEndpoint(app, uploadPlantPicture, async ({ auth, params, file }) =>
    plants.replacePicture(auth, params.id, file),
  );

  registerEndpoint(app, sharePlant, async ({ auth, params, body }) => {
    await sharing.share(auth, params.id, body.account, body.role);
    return null;
  });
  registerEndpoint(app, cancelPlantShare, async ({ auth, params, body }) => {
    await sharing.cancelShare(auth, params.id, body.account);
    return null;
  });
  registerEndpoint(app, plantShareUsers, async ({ auth, params }) =>
    sharing.shareUsers(auth, params.id),
  );
  registerEndpoint(app, transferPlant, async ({ auth, params, body }) => {
    await sharing.transfer(auth, params.id, body.account);
    return null;
  });

  registerEndpoint(app, bindPlantGateway, async ({ auth, params, body }) =>
    gateways.bind(auth, params.id, body.sn, body.key),
  );
  registerEndpoint(app, unbindPlantGateway, async ({ auth, params, body }) => {
    await gateways.unbind(auth, params.id, body.sn);
    return null;
  });
  registerEndpoint(app, plantDevices, async ({ auth, params }) =>
    gateways.devices(auth, params.id),
  );
}
