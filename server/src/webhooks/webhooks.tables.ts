import type { Row } from '../db/schema.js';

export type WebhookSubscriptionRow = Row<'webhook_subscriptions'>;
export type WebhookDeliveryRow = Row<'webhook_deliveries'>;
