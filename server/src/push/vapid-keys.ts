import webPush from 'web-push';
import type { Config } from '../config/config.js';
import { persistentSecret } from '../config/secrets.js';

/** What signs the portal's push requests (RFC 8292): the key pair and whom to contact. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The configured VAPID pair, else one generated once into `DATA_DIR/secrets/vapid-keys` (like the
 * JWT secret): a changed pair would strand every browser subscribed with the old public key.
 */
export async function vapidDetailsOf(
  config: Pick<
    Config,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'DATA_DIR'
  >,
): Promise<VapidDetails> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.MAIL_FROM}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const stored = await persistentSecret(config.DATA_DIR, 'vapid-keys', () =>
    JSON.stringify(webPush.generateVAPIDKeys()),
  );
  const { publicKey, privateKey } = JSON.parse(stored) as Omit<VapidDetails, 'subject'>;
  return { subject, publicKey, privateKey };
}
