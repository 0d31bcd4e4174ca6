import { beforeAll, expect, it } from 'vitest';
import { buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { deleteOldWebhookRecords } from './webhook-housekeeping.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function outboxRow(dispatchedAt: Date | null) {
  const row = await t.deps.db
    .insertInto('webhook_outbox')
    .values({ type: 'event.opened', subject: '0', dispatched_at: dispatchedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function delivery(
  subscriptionId: number,
  status: 'pending' | 'succeeded' | 'failed',
  createdAt: Date,
) {
  const row = await t.deps.db
    .insertInto('webhook_deliveries')
    .values({
      subscription_id: subscriptionId,
      message_id: `msg_housekeeping_${Math.random()}`,
      type: 'event.opened',
      payload: '{}',
      status,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

it('deletes dispatched outbox rows after a day and finished deliveries after 30 days', async () => {
  const owner = await buildSignedInOwner(t.deps);
  const subscription = await t.deps.db
    .insertInto('webhook_subscriptions')
    .values({
      user_id: owner.user.id,
      url: 'http://8.8.8.8/hooks',
      events: ['event.opened'],
      secret: 'sealed',
      portal_url: 'http://localhost',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gone = [await outboxRow(daysAgo(2))];
  const kept = [await outboxRow(daysAgo(0.5)), await outboxRow(null)];
  const oldDelivery = await delivery(subscription.id, 'succeeded', daysAgo(31));
  const keptDeliveries = [
    await delivery(subscription.id, 'pending', daysAgo(31)),
    await delivery(subscription.id, 'failed', daysAgo(29)),
  ];

  await deleteOldWebhookRecords(t.deps.db);

  const outboxIds = await t.deps.db
    .selectFrom('webhook_outbox')
    .select('id')
    .where('id', 'in', [...gone, ...kept])
    .execute();
  expect(outboxIds.map((row) => row.id).sort()).toEqual([...kept].sort());
  const deliveryIds = await t.deps.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('subscription_id', '=', subscription.id)
    .execute();
  expect(deliveryIds.map((row) => row.id)).not.toContain(oldDelivery);
  expect(deliveryIds.map((row) => row.id).sort()).toEqual([...keptDeliveries].sort());
});
