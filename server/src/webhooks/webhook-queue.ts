import type { WebhookPayload } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { deliverWebhook } from './webhook-delivery.js';

export interface NewDelivery {
  subscriptionId: number;
  messageId: string;
  payload: WebhookPayload;
  /** The outbox row it announces; null for a test event or a re-delivery. */
  outboxId: number | null;
}

/**
 * Stores a delivery and queues its first attempt inside `trx`, so the job exists exactly when
 * the row does. Answers its id, or null when the outbox row was dispatched to it already.
 * Only deliveries of the outbox are retried: a test event or a re-delivery is one attempt,
 * whose answer the user reads in the log.
 */
export async function queueDelivery(
  trx: Db,
  jobs: AppDeps['jobs'],
  delivery: NewDelivery,
): Promise<number | null> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      subscription_id: delivery.subscriptionId,
      outbox_id: delivery.outboxId,
      message_id: delivery.messageId,
      type: delivery.payload.type,
      payload: JSON.stringify(delivery.payload),
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'outbox_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await jobs.send(
    deliverWebhook,
    { deliveryId: row.id, attempt: 1, isRetried: delivery.outboxId !== null },
    { trx },
  );
  return row.id;
}
