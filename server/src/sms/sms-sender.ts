import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { JobSender } from '../jobs/job-queue.js';
import { deliverSms } from './sms-jobs.js';
import type { SmsProvider } from './sms-provider.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type SmsPurpose = 'alarm' | 'verification';

export interface Sms {
  /** E.164, e.g. +4915112345678. */
  to: string;
  text: string;
  purpose: SmsPurpose;
  /** The account texted: counts against its daily cap. */
  userId: number | null;
  /** A message with a key already in the outbox is not sent again. */
  dedupeKey?: string;
}

/** `overCap`: the account had its daily number of messages already; nothing was queued. */
export type SmsQueueResult = 'queued' | 'duplicate' | 'overCap';

/**
 * Every text message is written to the outbox first, together with its delivery job in one
 * transaction (like mail); the job hands it to the provider and is retried with back-off while
 * the gateway refuses. An account gets at most `dailyCap` messages per UTC day, counted in
 * `sms_daily_counts` by one conditional upsert, so parallel sends never pass the cap.
 */
export class SmsSender {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly jobs: JobSender,
    private readonly provider: SmsProvider,
    private readonly dailyCap: number,
  ) {}

  /** Inside `trx` when given, so the message is queued only if the caller's writes commit. */
  async send(sms: Sms, trx?: Db): Promise<SmsQueueResult> {
    const result = trx
      ? await this.queue(trx, sms)
      : await retryingTransaction(this.db, (own) => this.queue(own, sms));
    if (result === 'overCap') {
      this.logger.warn({ userId: sms.userId, purpose: sms.purpose }, 'sms not queued: daily cap');
    }
    return result;
  }

  private async queue(trx: Db, sms: Sms): Promise<SmsQueueResult> {
    const row = await trx
      .insertInto('sms_outbox')
      .values({
        user_id: sms.userId,
        phone: sms.to,
        text: sms.text,
        purpose: sms.purpose,
        dedupe_key: sms.dedupeKey ?? null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return 'duplicate';
    if (sms.userId !== null && !(await this.countToday(trx, sms.userId))) {
      await trx.deleteFrom('sms_outbox').where('id', '=', row.id).execute();
      return 'overCap';
    }
    await this.jobs.send(deliverSms, { outboxId: row.id }, { trx });
    return 'queued';
  }

  /** Counts one more message for today unless the cap is reached; false when it is. */
  private async countToday(trx: Db, userId: number): Promise<boolean> {
    const counted = await trx
      .insertInto('sms_daily_counts')
      .values({ user_id: userId, day: new Date().toISOString().slice(0, 10), count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'day'])
          .doUpdateSet((eb) => ({ count: eb('sms_daily_counts.count', '+', 1) }))
          .where('sms_daily_counts.count', '<', this.dailyCap),
      )
      .returning('count')
      .executeTakeFirst();
    return counted !== undefined;
  }

  /** Sends one queued outbox message; throws when the provider refuses, for a retry. */
  async deliver(outboxId: number): Promise<void> {
    const sms = await this.db
      .selectFrom('sms_outbox')
      .select(['phone', 'text'])
      .where('id', '=', outboxId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (!sms) return;
    try {
      await this.provider.send(sms.phone, sms.text);
    } catch (error) {
      await this.db
        .updateTable('sms_outbox')
        .set((eb) => ({
          error: String(error),
          attempts: eb('attempts', '+', 1),
          // The last retry failed too: nothing will try again.
          status: sql<'queued' | 'failed'>`CASE WHEN attempts >= ${deliverSms.retry.limit}
            THEN 'failed' ELSE 'queued' END`,
        }))
        .where('id', '=', outboxId)
        .execute();
      throw error;
    }
    await this.db
      .updateTable('sms_outbox')
      .set((eb) => ({
        status: 'sent',
        sent_at: new Date(),
        error: null,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', outboxId)
      .execute();
  }
}
