import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, signedIn } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * Signed webhooks (issue 38): a user's own subscriptions (permission `webhook.manage`) and their
 * company's (`company.webhook.manage`), delivered per the Standard Webhooks specification
 * (`docs/webhooks.md`). The service checks the permission of the subscription's scope, so the
 * endpoints only require a session.
 */
const TAG = 'webhooks';

export const WEBHOOK_EVENT_TYPES = [
  'event.opened',
  'event.closed',
  'command.finished',
  'plant.offline',
  'plant.online',
  'upgrade.finished',
  'export.ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the payload "send test event" delivers; no subscription chooses it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** At most this many subscriptions per owner (a user, or a company for company-wide ones). */
export const MAX_WEBHOOKS = 20;
/** How many deliveries of one subscription the log shows, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** A receiver's answer is kept up to this many characters in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 1024;
/** After a rotation the previous secret still signs deliveries for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_SCOPES = ['personal', 'company'] as const;
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A receiver's address: http or https, at most 2,000 characters (the web form checks it too). */
export const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'validation.maxLength')
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.invalid' }));

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'validation.required')
  .max(WEBHOOK_EVENT_TYPES.length);

const webhookIdParams = z.strictObject({ id: rules.id });
const tolerated = [ErrorCode.webhookTargetRefused] as const;

export const webhookSubscription = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  scope: z.enum(WEBHOOK_SCOPES),
  isEnabled: z.boolean(),
  /** Why the server turned it off (deliveries failed for 24 hours), null otherwise. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs, null without overlap. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

export const listWebhooks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhooks',
  summary: "The caller's own webhook subscriptions, or their company's (scope=company)",
  tag: TAG,
  access: signedIn,
  query: z.strictObject({ scope: z.enum(WEBHOOK_SCOPES).default('personal') }),
  data: z.object({ webhooks: z.array(webhookSubscription) }),
});

export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks',
  summary:
    'Subscribe a URL to event types; answers the secret (whsec_…) once. Private and loopback targets are refused (1511)',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  body: z.strictObject({
    url: webhookUrl,
    events: eventTypes,
    /** The company's subscription (events of every company plant) instead of the caller's. */
    companyWide: z.boolean().optional(),
  }),
  data: z.object({ id: z.number().int(), secret: z.string() }),
  tolerated,
});

export const updateWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id',
  summary: 'Change the URL, the event types or whether the subscription is enabled',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  params: webhookIdParams,
  body: z.strictObject({
    url: webhookUrl.optional(),
    events: eventTypes.optional(),
    isEnabled: z.boolean().optional(),
  }),
  data: z.null(),
  tolerated,
});

export const deleteWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/delete',
  summary: 'Delete a subscription and its delivery log',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  params: webhookIdParams,
  body: z.strictObject({}),
  data: z.null(),
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/rotate-secret',
  summary:
    'A new secret, answered once; the previous one also signs every delivery for 24 hours (several signatures in webhook-signature)',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  params: webhookIdParams,
  body: z.strictObject({}),
  data: z.object({ secret: z.string(), previousSecretExpiresAt: z.string() }),
});

export const sendTestWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/test',
  summary: `Deliver a ${WEBHOOK_TEST_EVENT} event to the subscription now`,
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  params: webhookIdParams,
  body: z.strictObject({}),
  data: z.object({ deliveryId: z.number().int() }),
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same for every delivery of one message (re-deliveries). */
  messageId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt, null when none answered. */
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 1 KB) or why the attempt failed. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/webhooks/:id/deliveries',
  summary: "The subscription's latest deliveries, newest first",
  tag: TAG,
  access: signedIn,
  params: webhookIdParams,
  data: z.object({ deliveries: z.array(webhookDelivery) }),
});

export const redeliverWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
  summary: 'Deliver the message of a past delivery again (same webhook-id, fresh signature)',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  params: z.strictObject({ id: rules.id, deliveryId: rules.id }),
  body: z.strictObject({}),
  data: z.object({ deliveryId: z.number().int() }),
});

const occurredAt = z.object({
  utc: z.string(),
  /** Plant-local wall time with its UTC offset (`2026-12-02 11:04:05 +01:00`). */
  local: z.string().nullable(),
  timeZone: z.string().nullable(),
});

/** What every delivery's body is: Standard Webhooks' `{ type, timestamp, data }`. */
export const webhookPayload = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.object({
    /** One English sentence saying what happened. */
    summary: z.string(),
    plant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    device: z.object({ sn: z.string(), kind: z.string() }).nullable(),
    occurredAt,
    /** The portal page about it. */
    link: z.string(),
    /** The facts of the kind (event code and level, command state, upgrade versions, file). */
    details: z.record(z.string(), z.unknown()),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
