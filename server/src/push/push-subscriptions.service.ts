import {
  ErrorCode,
  fromServerLanguage,
  type listPushSubscriptions,
  type ParsedBody,
  type ParsedQuery,
  type subscribePush,
} from '@solar/contract';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import { localeFile } from '../i18n/locale-files.js';
import type { PushSubscriptionRow } from './push.presenter.js';
import type { PushSender } from './push-sender.js';
import { assertPushTarget } from './push-target.js';

const USER_AGENT_MAX = 200;
/** Browsers one account keeps subscribed; a new one beyond this replaces the oldest. */
const MAX_PUSH_SUBSCRIPTIONS = 20;
const COLUMNS = ['id', 'endpoint', 'user_agent', 'created_at', 'last_sent_at'] as const;

/** The caller's own browsers: subscribe, list, remove, and a test message to each. */
export class PushSubscriptions {
  constructor(
    private readonly db: Db,
    private readonly push: PushSender,
    private readonly allowPrivateTargets: boolean,
  ) {}

  /**
   * Stores the browser's subscription for `userId`. The endpoint is the browser's: subscribed
   * again by another account (a shared device), it moves there, its new keys replace the old and
   * the messages still queued for the account before are dropped. An account keeps its
   * `MAX_PUSH_SUBSCRIPTIONS` newest browsers.
   */
  async subscribe(
    userId: number,
    input: ParsedBody<typeof subscribePush>,
    userAgent: string | undefined,
  ): Promise<PushSubscriptionRow> {
    await assertPushTarget(input.endpoint, this.allowPrivateTargets);
    const values = {
      user_id: userId,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    };
    return retryingTransaction(this.db, async (trx) => {
      const before = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('endpoint', '=', input.endpoint)
        .forUpdate()
        .executeTakeFirst();
      if (before && before.user_id !== userId) {
        await trx
          .deleteFrom('push_outbox')
          .where('subscription_id', '=', before.id)
          .where('status', '=', 'queued')
          .execute();
      }
      const row = await trx
        .insertInto('push_subscriptions')
        .values({ ...values, endpoint: input.endpoint })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({ ...values, created_at: new Date() }),
        )
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where(
          'id',
          'not in',
          trx
            .selectFrom('push_subscriptions')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(MAX_PUSH_SUBSCRIPTIONS),
        )
        .execute();
      return row;
    });
  }

  list(
    userId: number,
    query: ParsedQuery<typeof listPushSubscriptions>,
  ): Promise<{ rows: PushSubscriptionRow[]; total: number }> {
    const base = this.db.selectFrom('push_subscriptions').where('user_id', '=', userId);
    return fetchPage(
      base.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** Another account's subscription answers like a missing one (5200). */
  async remove(userId: number, id: number): Promise<void> {
    const removed = await this.db
      .deleteFrom('push_subscriptions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new AppError(ErrorCode.pushSubscriptionNotFound);
  }

  /**
   * A test message in the account's language to each of its browsers, at most once a minute
   * however often it is asked for; answers how many were queued.
   */
  async sendTest(userId: number): Promise<number> {
    const { language } = await this.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const texts = localeFile(fromServerLanguage(language), 'server').push;
    const minute = Math.floor(Date.now() / 60_000);
    return this.push.sendToUser(
      userId,
      { title: texts.testTitle, body: texts.testBody, url: '/edit' },
      `test:${userId}:${minute}`,
    );
  }
}
