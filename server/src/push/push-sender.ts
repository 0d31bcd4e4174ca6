import { ErrorCode, type PushMessage } from '@solar/contract';
import type { Logger } from 'pino';
import webPush from 'web-push';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import type { JobSender } from '../jobs/job-queue.js';
import { deliverPush } from './push-jobs.js';
import { postToPublicTarget } from '../outbound/outbound-request.js';
import { PublicTargetRefused } from '../outbound/public-target.js';
import { pushEndpointUrl } from './push-target.js';
import type { VapidDetails } from './vapid-keys.js';

/** How long a push service keeps a message for a browser that is offline. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
const REQUEST_TIMEOUT_MS = 15_000;
/** The push service's answer for a subscription that no longer exists (RFC 8030, 7.3). */
const GONE_STATUSES = new Set([404, 410]);

interface OutboxMessage {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscriptionId: number;
  title: string;
  body: string;
  url: string;
}

/** The encrypted, VAPID-signed request; keys that cannot be encrypted to are refused for good. */
function encryptedRequest(message: OutboxMessage, payload: PushMessage, vapid: VapidDetails) {
  try {
    return webPush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: TIME_TO_LIVE_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
  } catch (error) {
    throw new AppError(
      ErrorCode.pushTargetRefused,
      `the browser's keys do not encrypt: ${String(error)}`,
    );
  }
}

/**
 * Web Push: each message to a browser is written to `push_outbox` with its delivery job in one
 * transaction (like mail and SMS); the job encrypts it (RFC 8291, `aes128gcm`), signs the request
 * with the VAPID key (RFC 8292) and posts it to the browser's push service. A subscription the
 * service reports gone is deleted with its waiting messages.
 */
export class PushSender {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly jobs: JobSender,
    private readonly vapid: VapidDetails,
    private readonly allowPrivateTargets: boolean,
  ) {}

  /** The key browsers subscribe with (`applicationServerKey`). */
  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * Queues `message` to every browser subscribed by `userId`; with a `dedupeKey`, at most once per
   * browser however often this runs. Answers how many messages were queued.
   */
  async sendToUser(userId: number, message: PushMessage, dedupeKey?: string): Promise<number> {
    return retryingTransaction(this.db, async (trx) => {
      const subscriptions = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      let queued = 0;
      for (const { id } of subscriptions) {
        const row = await trx
          .insertInto('push_outbox')
          .values({
            subscription_id: id,
            ...message,
            dedupe_key: dedupeKey ? `${dedupeKey}:subscription:${id}` : null,
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) continue;
        await this.jobs.send(deliverPush, { outboxId: row.id }, { trx });
        queued += 1;
      }
      return queued;
    });
  }

  /** Sends one queued outbox message; throws when the push service fails, for a retry. */
  async deliver(outboxId: number): Promise<void> {
    const message = await this.queuedMessage(outboxId);
    if (!message) return;
    let status: number;
    try {
      status = await this.post(message);
    } catch (error) {
      // A refused target, or keys that cannot be encrypted to, fail the same way every time.
      const isFinal = error instanceof AppError || error instanceof PublicTargetRefused;
      await this.recordFailure(outboxId, String(error), isFinal);
      if (isFinal) return;
      throw error;
    }
    if (GONE_STATUSES.has(status)) {
      await this.db
        .deleteFrom('push_subscriptions')
        .where('id', '=', message.subscriptionId)
        .execute();
      this.logger.info(
        { subscriptionId: message.subscriptionId, status },
        'push subscription gone',
      );
      return;
    }
    if (status < 200 || status > 299) {
      const error = new Error(`the push service answered HTTP ${status}`);
      await this.recordFailure(outboxId, error.message, false);
      throw error;
    }
    await this.recordSent(message);
  }

  private queuedMessage(outboxId: number): Promise<OutboxMessage | undefined> {
    return this.db
      .selectFrom('push_outbox')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select([
        'push_outbox.id',
        'push_outbox.title',
        'push_outbox.body',
        'push_outbox.url',
        'push_subscriptions.id as subscriptionId',
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
      ])
      .where('push_outbox.id', '=', outboxId)
      .where('push_outbox.status', '=', 'queued')
      .executeTakeFirst();
  }

  /**
   * Posts the encrypted message (web-push builds the request) and answers the HTTP status, as
   * webhooks post: to the address checked while connecting, no redirect followed.
   */
  private async post(message: OutboxMessage): Promise<number> {
    const url = pushEndpointUrl(message.endpoint, this.allowPrivateTargets);
    const payload: PushMessage = { title: message.title, body: message.body, url: message.url };
    const request = encryptedRequest(message, payload, this.vapid);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const answer = await postToPublicTarget(
      {
        url: url.href,
        headers,
        body: request.body,
        timeoutMs: REQUEST_TIMEOUT_MS,
        excerptChars: 0,
      },
      { allowPrivateNetworks: this.allowPrivateTargets },
    );
    return answer.status;
  }

  private async recordFailure(outboxId: number, error: string, isFinal: boolean): Promise<void> {
    const row = await this.db
      .updateTable('push_outbox')
      .set((eb) => ({ error, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', outboxId)
      .returning('attempts')
      .executeTakeFirst();
    // The last retry failed too (or the target is refused): nothing will try again.
    if (row && (isFinal || row.attempts > deliverPush.retry.limit)) {
      await this.db
        .updateTable('push_outbox')
        .set({ status: 'failed' })
        .where('id', '=', outboxId)
        .execute();
    }
  }

  private async recordSent(message: OutboxMessage): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('push_outbox')
      .set((eb) => ({
        status: 'sent',
        sent_at: now,
        error: null,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', message.id)
      .execute();
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_sent_at: now })
      .where('id', '=', message.subscriptionId)
      .execute();
  }
}
