import {
  listPushSubscriptions,
  removePushSubscription,
  sendTestPush,
  subscribePush,
  vapidPublicKey,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentPushSubscription } from './push.presenter.js';
import type { PushSender } from './push-sender.js';
import { PushSubscriptions } from './push-subscriptions.service.js';

/** Takes its slice of the deps by name: `push` sits below `app-deps.ts`, which imports it. */
export function pushRoutes(
  app: FastifyInstance,
  {
    db,
    push,
    config,
  }: { db: Db; push: PushSender; config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS'> },
): void {
  const subscriptions = new PushSubscriptions(db, push, config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS);

  registerEndpoint(app, vapidPublicKey, () => Promise.resolve({ publicKey: push.publicKey }));

  registerEndpoint(app, subscribePush, async ({ auth, body, request }) =>
    presentPushSubscription(
      await subscriptions.subscribe(auth.userId, body, request.headers['user-agent']),
    ),
  );

  registerEndpoint(app, listPushSubscriptions, async ({ auth, query }) => {
    const { rows, total } = await subscriptions.list(auth.userId, query);
    return { infos: rows.map(presentPushSubscription), total };
  });

  registerEndpoint(app, removePushSubscription, async ({ auth, params }) => {
    await subscriptions.remove(auth.userId, params.id);
    return null;
  });

  registerEndpoint(app, sendTestPush, async ({ auth }) => ({
    queued: await subscriptions.sendTest(auth.userId),
  }));
}
