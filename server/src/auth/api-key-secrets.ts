import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@solar/contract';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters: 256 bits, so one SHA-256 (no slow hash) keeps a stolen table useless. */
const RANDOM_LENGTH = 43;
/** The key's first characters, stored in clear to find it and to show in lists. */
const LOOKUP_LENGTH = API_KEY_PREFIX.length + 10;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}$`);

export interface NewApiKey {
  key: string;
  prefix: string;
  secretHash: Buffer;
}

export function apiKeyDigest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function newApiKey(): NewApiKey {
  const random = Array.from({ length: RANDOM_LENGTH }, () => BASE62[randomInt(62)]).join('');
  const key = `${API_KEY_PREFIX}${random}`;
  return { key, prefix: key.slice(0, LOOKUP_LENGTH), secretHash: apiKeyDigest(key) };
}

/** Whether a bearer credential is shaped like an API key (else it is a session's token). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The stored prefix of a well-formed key, or null for anything else. */
export function lookupPrefix(key: string): string | null {
  return KEY_PATTERN.test(key) ? key.slice(0, LOOKUP_LENGTH) : null;
}

export function matchesDigest(key: string, storedHash: Buffer): boolean {
  const given = apiKeyDigest(key);
  return given.length === storedHash.length && timingSafeEqual(given, storedHash);
}
