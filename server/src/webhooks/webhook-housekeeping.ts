import type { JobDeps } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { defineScheduledJob } from '../jobs/job-type.js';

/** A dispatched outbox row is kept this long (a re-delivery reads the delivery, not the row). */
const OUTBOX_KEPT_MS = 24 * 3_600_000;
/** The delivery log shows this far back; a pending delivery is kept until it ends. */
const DELIVERIES_KEPT_DAYS = 30;

/**
 * Deletes what the webhooks no longer need: outbox rows dispatched more than a day ago (every
 * event writes one, subscribed or not) and finished deliveries past the log's 30 days.
 */
export async function deleteOldWebhookRecords(db: Db, now = new Date()) {
  const outbox = await db
    .deleteFrom('webhook_outbox')
    .where('dispatched_at', '<', new Date(now.getTime() - OUTBOX_KEPT_MS))
    .executeTakeFirst();
  const deliveries = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 86_400_000))
    .executeTakeFirst();
  return {
    outboxRows: Number(outbox.numDeletedRows),
    deliveries: Number(deliveries.numDeletedRows),
  };
}

export const deleteOldWebhooks = defineScheduledJob<JobDeps>({
  name: 'webhooks-delete-old',
  cron: '23 * * * *',
  expireInSeconds: 600,
  run: async ({ db, logger }) => {
    const deleted = await deleteOldWebhookRecords(db);
    if (deleted.outboxRows + deleted.deliveries > 0)
      logger.info(deleted, 'old webhook records deleted');
  },
});
