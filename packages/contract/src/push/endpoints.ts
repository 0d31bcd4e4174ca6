import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, signedIn } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * Web Push (issue 39): a browser subscribes with its `PushSubscription`; alarms and test
 * notifications reach it encrypted per RFC 8291 (`aes128gcm`) with VAPID authorization.
 */
const TAG = 'push';

/**
 * A key of a `PushSubscription` in base64url (padding allowed), of its exact size: `p256dh` an
 * uncompressed P-256 point (65 bytes), `auth` 16 bytes (RFC 8291). A key of another size could
 * never be encrypted to.
 */
const base64UrlKey = (bytes: number) =>
  z
    .string()
    .max(Math.ceil(bytes / 3) * 4, 'validation.maxLength')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'validation.invalid')
    .refine(
      (key) => key.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3),
      'validation.invalid',
    );

/** What `PushSubscription.toJSON()` gives: the push service's endpoint and the browser's keys. */
export const pushSubscriptionInput = z.strictObject({
  endpoint: z
    .string()
    .max(2048, 'validation.maxLength')
    .regex(/^https?:\/\/[^\s]+$/, 'validation.invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64UrlKey(65), auth: base64UrlKey(16) }),
});

/** What every push message carries (JSON): the notification's texts and the page a tap opens. */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the web app, such as `/device/event?plantId=3`. */
  url: z.string(),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** One browser subscribed to the caller's notifications. */
export const pushSubscriptionInfo = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** The push service's host (`fcm.googleapis.com`): tells browsers apart in the list. */
  serviceHost: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionInfo>;

export const vapidPublicKey = defineEndpoint({
  method: 'GET',
  path: '/api/v1/push/vapid-public-key',
  summary: "The server's VAPID public key (base64url), the browser's `applicationServerKey`",
  tag: TAG,
  access: signedIn,
  data: z.object({ publicKey: z.string() }),
});

export const subscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/v1/push/subscriptions',
  summary:
    "Subscribes this browser (its `PushSubscription` as JSON) to the caller's notifications; an endpoint known already moves to the caller",
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  body: pushSubscriptionInput,
  data: pushSubscriptionInfo,
  tolerated: [ErrorCode.pushTargetRefused],
});

export const listPushSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/push/subscriptions',
  summary: "The browsers subscribed to the caller's notifications, newest first",
  tag: TAG,
  access: signedIn,
  query: z.object(rules.paging),
  data: pageOf(pushSubscriptionInfo),
});

export const removePushSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/v1/push/subscriptions/:id/delete',
  summary: "Removes one of the caller's push subscriptions",
  tag: TAG,
  access: signedIn,
  params: z.strictObject({ id: rules.id }),
  data: z.null(),
  tolerated: [ErrorCode.pushSubscriptionNotFound],
});

export const sendTestPush = defineEndpoint({
  method: 'POST',
  path: '/api/v1/push/test',
  summary: "Queues a test notification to each of the caller's subscriptions",
  tag: TAG,
  access: signedIn,
  data: z.object({ queued: z.number().int() }),
});
