import { isSameSecret, newSecretToken, tokenDigest } from '../auth/secret-token.js';

/** How long a job's download and report URL stays valid after it is sent to the device. */
export const UPGRADE_URL_TTL_MS = 6 * 60 * 60 * 1000;

/** A fresh secret for one job's URLs; only its hash is stored. */
export function newUpgradeToken(): { token: string; hash: string } {
  return newSecretToken();
}

/** Whether `token` is the job's secret and the URL has not expired. */
export function isTokenValid(
  token: string,
  job: { token_hash: string; token_expires_at: Date },
  now = new Date(),
): boolean {
  return isSameSecret(job.token_hash, tokenDigest(token)) && job.token_expires_at > now;
}
