import type { WebhookDelivery, WebhookEventType, WebhookSubscription } from '@solar/contract';
import { scopeOf } from './webhooks.service.js';
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from './webhooks.tables.js';

export function presentWebhook(row: WebhookSubscriptionRow, now = new Date()): WebhookSubscription {
  const overlapEnds = row.previous_secret_expires_at;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    scope: scopeOf(row),
    isEnabled: row.is_enabled,
    disabledReason: row.disabled_reason,
    previousSecretExpiresAt: overlapEnds && overlapEnds > now ? overlapEnds.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.message_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    httpStatus: row.http_status,
    latencyMs: row.latency_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  };
}
