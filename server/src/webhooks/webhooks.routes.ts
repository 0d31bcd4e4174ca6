import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { baseUrlOf } from '../upgrades/upgrades.routes.js';
import { presentDelivery, presentWebhook } from './webhooks.presenter.js';
import { WebhooksService } from './webhooks.service.js';

export function webhooksRoutes(app: FastifyInstance, deps: AppDeps): void {
  const webhooks = new WebhooksService(deps);

  registerEndpoint(app, listWebhooks, async ({ auth, query }) => ({
    webhooks: (await webhooks.list(auth, query.scope)).map((row) => presentWebhook(row)),
  }));

  // The portal's address as the caller reached it: payload links point there.
  registerEndpoint(app, createWebhook, async ({ auth, body, request }) =>
    webhooks.create(auth, body, baseUrlOf(request)),
  );

  registerEndpoint(app, updateWebhook, async ({ auth, params, body }) => {
    await webhooks.update(auth, params.id, body);
    return null;
  });

  registerEndpoint(app, deleteWebhook, async ({ auth, params }) => {
    await webhooks.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, rotateWebhookSecret, async ({ auth, params }) =>
    webhooks.rotateSecret(auth, params.id),
  );

  registerEndpoint(app, sendTestWebhook, async ({ auth, params }) =>
    webhooks.sendTest(auth, params.id),
  );

  registerEndpoint(app, listWebhookDeliveries, async ({ auth, params }) => ({
    deliveries: (await webhooks.deliveries(auth, params.id)).map(presentDelivery),
  }));

  registerEndpoint(app, redeliverWebhook, async ({ auth, params }) =>
    webhooks.redeliver(auth, params.id, params.deliveryId),
  );
}
