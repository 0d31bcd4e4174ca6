import { equipmentRealtime } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { EquipmentService } from './equipment.service.js';

export function equipmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const equipment = new EquipmentService(deps);
  registerEndpoint(app, equipmentRealtime, async ({ auth, params }) =>
    equipment.realtime(auth, params.sn),
  );
}
