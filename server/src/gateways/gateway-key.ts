import { timingSafeEqual } from 'node:crypto';

/** Compares a registration key in constant time, so answers do not leak how much matched. */
export function isSameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
