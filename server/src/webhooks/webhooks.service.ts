import {
  ErrorCode,
  MAX_WEBHOOKS,
  type ParsedBody,
  type Permission,
  type createWebhook,
  type updateWebhook,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookPayload,
  type WebhookScope,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { lockOwnerRow } from '../db/owner-lock.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import { assertPublicTarget, PublicTargetRefused } from '../outbound/public-target.js';
import { newMessageId, newWebhookSecret, sealSecret } from './webhook-secrets.js';
import { testPayload } from './webhook-payloads.js';
import { queueDelivery } from './webhook-queue.js';
import type { WebhookSubscriptionRow } from './webhooks.tables.js';

type CreateBody = ParsedBody<typeof createWebhook>;
type UpdateBody = ParsedBody<typeof updateWebhook>;

/** Test events and re-deliveries a subscription takes a minute: enough to debug a receiver. */
const MANUAL_DELIVERIES_PER_MINUTE = 10;

const SCOPE_PERMISSIONS: Record<WebhookScope, Record<'view' | 'manage', Permission>> = {
  personal: { view: 'webhook.view', manage: 'webhook.manage' },
  company: { view: 'company.webhook', manage: 'company.webhook.manage' },
};

export function scopeOf(row: Pick<WebhookSubscriptionRow, 'company_id'>): WebhookScope {
  return row.company_id === null ? 'personal' : 'company';
}

/** Refuses (code 2) a caller without the scope's permission, or a company scope without company. */
function requireScope(auth: AuthContext, scope: WebhookScope, action: 'view' | 'manage'): void {
  const isAllowed =
    auth.permissions.has(SCOPE_PERMISSIONS[scope][action]) &&
    (scope === 'personal' || auth.companyId !== null);
  if (!isAllowed) throw new AppError(ErrorCode.noPermission, `webhooks: ${scope} ${action}`);
}

/**
 * Webhook subscriptions: a user's own (events of the plants they see, their exports) and their
 * company's (events of the company's plants). Another owner's id answers 1510 like an unknown
 * one. Targets must be public (`outbound/public-target.ts`): refused with 1511.
 */
export class WebhooksService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext, scope: WebhookScope): Promise<WebhookSubscriptionRow[]> {
    requireScope(auth, scope, 'view');
    let query = this.deps.db.selectFrom('webhook_subscriptions').selectAll().orderBy('id');
    query =
      scope === 'company'
        ? query.where('company_id', '=', auth.companyId)
        : query.where('user_id', '=', auth.userId).where('company_id', 'is', null);
    return query.execute();
  }

  private async own(auth: AuthContext, id: number, action: 'view' | 'manage') {
    const row = await this.deps.db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('company_id', 'is', null), eb('user_id', '=', auth.userId)]),
          ...(auth.companyId === null ? [] : [eb('company_id', '=', auth.companyId)]),
        ]),
      )
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.webhookNotFound);
    requireScope(auth, scopeOf(row), action);
    return row;
  }

  private async checkTarget(url: string): Promise<void> {
    try {
      await assertPublicTarget(new URL(url), {
        allowPrivateNetworks: this.deps.config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
      });
    } catch (error) {
      if (error instanceof PublicTargetRefused) {
        throw new AppError(ErrorCode.webhookTargetRefused, error.message);
      }
      throw error;
    }
  }

  async create(auth: AuthContext, body: CreateBody, portalUrl: string) {
    const scope: WebhookScope = body.companyWide === true ? 'company' : 'personal';
    requireScope(auth, scope, 'manage');
    await this.checkTarget(body.url);
    const secret = newWebhookSecret();
    const companyId = scope === 'company' ? auth.companyId : null;
    const { id } = await retryingTransaction(this.deps.db, async (trx) => {
      await this.refuseOverLimit(trx, auth, companyId);
      return trx
        .insertInto('webhook_subscriptions')
        .values({
          user_id: auth.userId,
          company_id: companyId,
          url: body.url,
          events: [...new Set(body.events)],
          secret: sealSecret(this.deps.columnCipher, secret),
          portal_url: portalUrl,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id, secret };
  }

  /** The owner's row (the user, or the company) serialises parallel creations. */
  private async refuseOverLimit(trx: Db, auth: AuthContext, companyId: number | null) {
    await lockOwnerRow(trx, { userId: auth.userId, companyId });
    const { count } = await trx
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) =>
        companyId === null
          ? eb.and([eb('user_id', '=', auth.userId), eb('company_id', 'is', null)])
          : eb('company_id', '=', companyId),
      )
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_WEBHOOKS) {
      throw new AppError(ErrorCode.validation, `At most ${MAX_WEBHOOKS} webhooks`, {
        fields: [{ field: 'url', message: 'validation.webhookLimit' }],
      });
    }
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<void> {
    await this.own(auth, id, 'manage');
    if (body.url !== undefined) await this.checkTarget(body.url);
    await this.deps.db
      .updateTable('webhook_subscriptions')
      .set({
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.events === undefined ? {} : { events: [...new Set(body.events)] }),
        ...(body.isEnabled === undefined
          ? {}
          : { is_enabled: body.isEnabled, disabled_reason: null }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.own(auth, id, 'manage');
    await this.deps.db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
  }

  async rotateSecret(auth: AuthContext, id: number) {
    const row = await this.own(auth, id, 'manage');
    const secret = newWebhookSecret();
    const previousSecretExpiresAt = new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    await this.deps.db
      .updateTable('webhook_subscriptions')
      .set({
        secret: sealSecret(this.deps.columnCipher, secret),
        previous_secret: row.secret,
        previous_secret_expires_at: previousSecretExpiresAt,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
  }

  async sendTest(auth: AuthContext, id: number) {
    const row = await this.own(auth, id, 'manage');
    return this.queueManual(row.id, newMessageId(), testPayload(row.portal_url, new Date()));
  }

  async deliveries(auth: AuthContext, id: number) {
    await this.own(auth, id, 'view');
    return this.deps.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subscription_id', '=', id)
      .orderBy('id', 'desc')
      .limit(WEBHOOK_DELIVERIES_SHOWN)
      .execute();
  }

  async redeliver(auth: AuthContext, id: number, deliveryId: number) {
    await this.own(auth, id, 'manage');
    const past = await this.deps.db
      .selectFrom('webhook_deliveries')
      .select(['message_id', 'payload'])
      .where('id', '=', deliveryId)
      .where('subscription_id', '=', id)
      .executeTakeFirst();
    if (!past) throw new AppError(ErrorCode.webhookNotFound, 'delivery not found');
    return this.queueManual(id, past.message_id, past.payload as WebhookPayload);
  }

  /**
   * A test event or a re-delivery, at most `MANUAL_DELIVERIES_PER_MINUTE` a minute per
   * subscription (counted under the subscription's row lock, so parallel calls cannot pass).
   */
  private async queueManual(subscriptionId: number, messageId: string, payload: WebhookPayload) {
    const deliveryId = await retryingTransaction(this.deps.db, async (trx) => {
      await trx
        .selectFrom('webhook_subscriptions')
        .select('id')
        .where('id', '=', subscriptionId)
        .forUpdate()
        .execute();
      const { count } = await trx
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('subscription_id', '=', subscriptionId)
        .where('outbox_id', 'is', null)
        .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MANUAL_DELIVERIES_PER_MINUTE) {
        throw new AppError(
          ErrorCode.tooManyAttempts,
          `At most ${MANUAL_DELIVERIES_PER_MINUTE} test events and re-deliveries a minute`,
        );
      }
      return queueDelivery(trx, this.deps.jobs, {
        subscriptionId,
        messageId,
        payload,
        outboxId: null,
      });
    });
    return { deliveryId: deliveryId! };
  }
}
