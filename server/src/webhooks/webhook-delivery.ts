import { WEBHOOK_RESPONSE_EXCERPT_CHARS } from '@solar/contract';
import { z } from 'zod';
import type { JobDeps } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { defineJobType } from '../jobs/job-type.js';
import { postToPublicTarget } from '../outbound/outbound-request.js';
import { signedHeaders, signingSecrets } from './webhook-secrets.js';
import type { WebhookSubscriptionRow } from './webhooks.tables.js';

/** The receiver has this long to answer one attempt, connection included. */
const WEBHOOK_TIMEOUT_MS = 10_000;

const deliveryAttempt = z.object({
  deliveryId: z.number().int().positive(),
  attempt: z.number().int().min(1),
  /** Outbox deliveries are retried; a test event or a re-delivery is one attempt. */
  isRetried: z.boolean(),
});
type DeliveryAttempt = z.output<typeof deliveryAttempt>;

/** What one attempt saw: the receiver's answer, or why there was none. */
interface AttemptOutcome {
  isSuccess: boolean;
  httpStatus: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

/** Seconds before the attempt after `attempt`, or null when the schedule is spent. */
function retryDelayAfter(attempt: number, deps: JobDeps): number | null {
  return deps.config.WEBHOOKS_RETRY_DELAYS_SECONDS[attempt - 1] ?? null;
}

async function attemptOnce(
  deps: JobDeps,
  subscription: WebhookSubscriptionRow,
  messageId: string,
  body: string,
): Promise<AttemptOutcome> {
  const now = new Date();
  try {
    // Inside the try: a secret that no longer opens (a changed column key) is a failed attempt
    // in the log, not a job that fails and leaves the delivery pending.
    const secrets = signingSecrets(deps.columnCipher, subscription, now);
    const answer = await postToPublicTarget(
      {
        url: subscription.url,
        headers: signedHeaders(secrets, messageId, now, body),
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        excerptChars: WEBHOOK_RESPONSE_EXCERPT_CHARS,
      },
      { allowPrivateNetworks: deps.config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS },
    );
    return {
      isSuccess: answer.status >= 200 && answer.status < 300,
      httpStatus: answer.status,
      latencyMs: answer.latencyMs,
      responseExcerpt: answer.excerpt,
      error: answer.status >= 300 && answer.status < 400 ? 'redirects are not followed' : null,
    };
  } catch (error) {
    return failedWithout(error instanceof Error ? error.message : String(error));
  }
}

/** Turns the subscription off after its retries are spent and mails its owner, once. */
async function disableSubscription(deps: JobDeps, trx: Db, subscription: WebhookSubscriptionRow) {
  const reason = 'Deliveries failed for 24 hours; turned off by the server';
  const disabled = await trx
    .updateTable('webhook_subscriptions')
    .set({ is_enabled: false, disabled_reason: reason, updated_at: new Date() })
    .where('id', '=', subscription.id)
    .where('is_enabled', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (!disabled) return;
  const owner = await trx
    .selectFrom('users')
    .select(['email', 'brand_id'])
    .where('id', '=', subscription.user_id)
    .executeTakeFirstOrThrow();
  await deps.mailer.send(
    {
      to: owner.email,
      brandId: owner.brand_id,
      subject: 'A webhook was turned off',
      body: [
        `The webhook to ${subscription.url} was turned off: its receiver refused or did not`,
        'answer every delivery attempt for 24 hours.',
        `Turn it on again on the webhooks page when the receiver works: ${subscription.portal_url}`,
      ].join('\n'),
    },
    trx,
  );
}

function failedWithout(error: string): AttemptOutcome {
  return { isSuccess: false, httpStatus: null, latencyMs: null, responseExcerpt: null, error };
}

async function recordOutcome(
  db: Db,
  job: DeliveryAttempt,
  status: 'pending' | 'succeeded' | 'failed',
  outcome: AttemptOutcome,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status,
      attempts: job.attempt,
      http_status: outcome.httpStatus,
      latency_ms: outcome.latencyMs,
      response_excerpt: outcome.responseExcerpt,
      error: outcome.error,
      last_attempt_at: new Date(),
      next_attempt_at: nextAttemptAt,
    })
    .where('id', '=', job.deliveryId)
    .execute();
}

async function pendingDelivery(db: Db, job: DeliveryAttempt) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['message_id', 'payload', 'attempts', 'status', 'subscription_id'])
    .where('id', '=', job.deliveryId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending' || row.attempts >= job.attempt) return null;
  const subscription = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('id', '=', row.subscription_id)
    .executeTakeFirstOrThrow();
  return { ...row, subscription };
}

/**
 * One attempt of one delivery, signed with the subscription's secrets (the previous one too
 * during a rotation's overlap). A refused outbox delivery is tried again after the next delay of
 * `WEBHOOKS_RETRY_DELAYS_SECONDS`; after the last, the delivery fails and the subscription is
 * disabled. Idempotent: an attempt already recorded (a run repeated after a crash) does nothing.
 */
async function deliverAttempt(deps: JobDeps, job: DeliveryAttempt): Promise<void> {
  const delivery = await pendingDelivery(deps.db, job);
  if (!delivery) return;
  const { subscription } = delivery;
  if (job.isRetried && !subscription.is_enabled) {
    await recordOutcome(
      deps.db,
      job,
      'failed',
      failedWithout('the subscription is disabled'),
      null,
    );
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const outcome = await attemptOnce(deps, subscription, delivery.message_id, body);
  const delay = outcome.isSuccess || !job.isRetried ? null : retryDelayAfter(job.attempt, deps);
  await retryingTransaction(deps.db, async (trx) => {
    if (outcome.isSuccess) return recordOutcome(trx, job, 'succeeded', outcome, null);
    if (delay === null) {
      await recordOutcome(trx, job, 'failed', outcome, null);
      if (job.isRetried) await disableSubscription(deps, trx, subscription);
      return;
    }
    await recordOutcome(trx, job, 'pending', outcome, new Date(Date.now() + delay * 1000));
    await deps.jobs.send(
      deliverWebhook,
      { ...job, attempt: job.attempt + 1 },
      {
        trx,
        startAfterSeconds: delay,
      },
    );
  });
}

export const deliverWebhook = defineJobType({
  name: 'webhooks-deliver',
  payload: deliveryAttempt,
  // Only for a run whose process died: a refused delivery is not an error, the run itself
  // schedules the next attempt on the delivery's own schedule.
  retry: { limit: 3, delaySeconds: 30, isBackoff: true },
  // Well above the 10 s an attempt may take.
  expireInSeconds: 120,
  singletonKey: ({ deliveryId, attempt }) => `webhook:${deliveryId}:${attempt}`,
  run: (deps: JobDeps, payload) => deliverAttempt(deps, payload),
});
