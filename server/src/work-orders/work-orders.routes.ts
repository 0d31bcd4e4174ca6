import {
  assignWorkOrder,
  commentWorkOrder,
  createWorkOrder,
  getWorkOrder,
  getWorkOrderKpis,
  listWorkOrderAssignees,
  listWorkOrders,
  moveWorkOrder,
  updateWorkOrder,
  uploadWorkOrderPhoto,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { registerUploadEndpoint } from '../uploads/upload-endpoint.js';
import { WorkOrderChanges } from './work-order-changes.js';
import { presentWorkOrderSummary } from './work-orders.presenter.js';
import { WorkOrdersService } from './work-orders.service.js';

export function workOrdersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const workOrders = new WorkOrdersService(deps.db);
  const changes = new WorkOrderChanges(deps);

  registerEndpoint(app, listWorkOrders, async ({ auth, query }) => {
    const { rows, total } = await workOrders.list(auth, query);
    const now = new Date();
    return { infos: rows.map((row) => presentWorkOrderSummary(row, now)), total };
  });

  registerEndpoint(app, getWorkOrderKpis, async ({ auth, query }) => workOrders.kpis(auth, query));

  registerEndpoint(app, listWorkOrderAssignees, async ({ auth, query }) => ({
    infos: await workOrders.assignees(auth, query.plantId),
  }));

  registerEndpoint(app, getWorkOrder, async ({ auth, params }) =>
    workOrders.detail(auth, params.id),
  );

  registerEndpoint(app, createWorkOrder, async ({ auth, body, request }) =>
    changes.create(auth, auditActor(auth, request), body),
  );

  registerEndpoint(app, updateWorkOrder, async ({ auth, params, body, request }) => {
    await changes.update(auth, auditActor(auth, request), params.id, body);
    return null;
  });

  registerEndpoint(app, assignWorkOrder, async ({ auth, params, body, request }) => {
    await changes.assign(auth, auditActor(auth, request), params.id, body.assigneeId);
    return null;
  });

  registerEndpoint(app, moveWorkOrder, async ({ auth, params, body, request }) => {
    await changes.move(auth, auditActor(auth, request), params.id, body);
    return null;
  });

  registerEndpoint(app, commentWorkOrder, async ({ auth, params, body, request }) =>
    changes.comment(auth, auditActor(auth, request), params.id, body),
  );

  registerUploadEndpoint(app, uploadWorkOrderPhoto, async ({ auth, params, file, request }) =>
    changes.addPhoto(auth, auditActor(auth, request), params.id, file),
  );
}
