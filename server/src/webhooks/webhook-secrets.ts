import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { ColumnCipher } from '../auth/column-cipher.js';
import type { Row } from '../db/schema.js';

const SECRET_PURPOSE = 'webhook_subscriptions.secret';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes, base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A message id (`webhook-id`): one per message, kept by re-deliveries so receivers dedupe. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

export function sealSecret(cipher: ColumnCipher, secret: string): string {
  return cipher.seal(secret, SECRET_PURPOSE);
}

type SecretColumns = Pick<
  Row<'webhook_subscriptions'>,
  'secret' | 'previous_secret' | 'previous_secret_expires_at'
>;

/** The secrets that sign at `now`: the current one, and the previous one during its overlap. */
export function signingSecrets(cipher: ColumnCipher, row: SecretColumns, now: Date): string[] {
  const current = cipher.open(row.secret, SECRET_PURPOSE);
  const isOverlapping =
    row.previous_secret !== null &&
    row.previous_secret_expires_at !== null &&
    row.previous_secret_expires_at > now;
  return isOverlapping ? [current, cipher.open(row.previous_secret!, SECRET_PURPOSE)] : [current];
}

/** The three Standard Webhooks headers; one `v1,` signature per secret, space-separated. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(messageId, at, body))
      .join(' '),
  };
}
