import type { PushSubscriptionInfo } from '@solar/contract';
import type { Row } from '../db/schema.js';

export type PushSubscriptionRow = Pick<
  Row<'push_subscriptions'>,
  'id' | 'endpoint' | 'user_agent' | 'created_at' | 'last_sent_at'
>;

export function presentPushSubscription(row: PushSubscriptionRow): PushSubscriptionInfo {
  return {
    id: row.id,
    endpoint: row.endpoint,
    serviceHost: new URL(row.endpoint).host,
    userAgent: row.user_agent,
    createdAt: row.created_at.toISOString(),
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
  };
}
