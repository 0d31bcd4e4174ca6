import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The SHA-256 a secret token is stored as, so a database copy opens nothing. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh random secret (32 bytes, URL-safe) and the digest to store in its place. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenDigest(token) };
}

/** Compares a secret in constant time, so answers do not leak how much of it matched. */
export function isSameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
