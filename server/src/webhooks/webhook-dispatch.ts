import type { WebhookPayload } from '@solar/contract';
import { sql } from 'kysely';
import type { JobDeps } from '../app-deps.js';
import { type EnabledUser, loadEnabledUser } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import type { Row } from '../db/schema.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { visiblePlants } from '../plants/plant-access.js';
import { outboxPayload } from './webhook-payloads.js';
import { queueDelivery } from './webhook-queue.js';
import { newMessageId } from './webhook-secrets.js';
import type { WebhookSubscriptionRow } from './webhooks.tables.js';

type OutboxRow = Row<'webhook_outbox'>;

/** Outbox rows one transaction fans out. */
const DISPATCH_BATCH = 100;

/** The enabled subscriptions of a batch's event types and their owners, read once per batch. */
interface BatchAudience {
  subscriptions: WebhookSubscriptionRow[];
  owners: Map<number, Promise<EnabledUser | null>>;
}

async function audienceOf(db: Db, rows: OutboxRow[]): Promise<BatchAudience> {
  const types = [...new Set(rows.map((row) => row.type))];
  const subscriptions = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('is_enabled', '=', true)
    .where(sql<boolean>`events && ${types}::text[]`)
    .execute();
  return { subscriptions, owners: new Map() };
}

function ownerOf(db: Db, audience: BatchAudience, userId: number) {
  let owner = audience.owners.get(userId);
  if (!owner) {
    owner = loadEnabledUser(db, userId);
    audience.owners.set(userId, owner);
  }
  return owner;
}

/** Whether the subscription's owner may see what the row is about, checked as of now. */
async function mayReceive(
  db: Db,
  audience: BatchAudience,
  subscription: WebhookSubscriptionRow,
  row: OutboxRow,
) {
  const owner = await ownerOf(db, audience, subscription.user_id);
  if (!owner) return false;
  const auth = owner.context;
  if (row.user_id !== null) return subscription.company_id === null && row.user_id === auth.userId;
  if (row.plant_id === null) return false;
  if (subscription.company_id === null && !auth.permissions.has('webhook.view')) return false;
  const plant = await db
    .selectFrom('plants')
    .select('company_id')
    .where('id', '=', row.plant_id)
    .where(visiblePlants(auth))
    .executeTakeFirst();
  if (!plant) return false;
  return subscription.company_id === null || plant.company_id === subscription.company_id;
}

async function subscribersOf(db: Db, audience: BatchAudience, row: OutboxRow) {
  const candidates = audience.subscriptions.filter((candidate) =>
    candidate.events.includes(row.type),
  );
  const allowed = await Promise.all(
    candidates.map((candidate) => mayReceive(db, audience, candidate, row)),
  );
  return candidates.filter((_, index) => allowed[index]);
}

async function dispatchRow(deps: JobDeps, trx: Db, audience: BatchAudience, row: OutboxRow) {
  const payloads = new Map<string, WebhookPayload | null>();
  for (const subscription of await subscribersOf(trx, audience, row)) {
    const portal = subscription.portal_url;
    if (!payloads.has(portal)) payloads.set(portal, await outboxPayload(trx, row, portal));
    const payload = payloads.get(portal);
    if (!payload) return;
    await queueDelivery(trx, deps.jobs, {
      subscriptionId: subscription.id,
      messageId: newMessageId(),
      payload,
      outboxId: row.id,
    });
  }
}

/**
 * Fans waiting outbox rows out to the subscriptions that want their type and whose owner may
 * see them (both read once per batch): one delivery and its first attempt's job per
 * subscription, in the transaction that marks the rows dispatched. Rows are claimed with SKIP LOCKED, so processes share the work.
 * Answers how many rows it dispatched.
 */
export async function dispatchOutbox(deps: JobDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const dispatched = await retryingTransaction(deps.db, async (trx) => {
      const rows = await trx
        .selectFrom('webhook_outbox')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .orderBy('id')
        .limit(DISPATCH_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length > 0) {
        const audience = await audienceOf(trx, rows);
        for (const row of rows) await dispatchRow(deps, trx, audience, row);
        await trx
          .updateTable('webhook_outbox')
          .set({ dispatched_at: new Date() })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return rows.length;
    });
    total += dispatched;
    if (dispatched < DISPATCH_BATCH) return total;
  }
}

/**
 * Woken by the outbox's NOTIFY (`webhook-outbox-watcher.ts`) and run every minute besides, so
 * a notification missed while a process was down is made up.
 */
export const dispatchWebhooks = defineScheduledJob<JobDeps>({
  name: 'webhooks-dispatch',
  cron: '* * * * *',
  expireInSeconds: 300,
  run: async (deps) => {
    await dispatchOutbox(deps);
  },
});
