import { describe, expect, it } from 'vitest';
import { entriesCacheControl, secondsUntilNextUtcMidnight } from './entries-cache.js';

describe('secondsUntilNextUtcMidnight', () => {
  it('counts the whole seconds left in the UTC day', () => {
    expect(secondsUntilNextUtcMidnight(new Date('2026-05-01T00:00:00.000Z'))).toBe(86_400);
    expect(secondsUntilNextUtcMidnight(new Date('2026-05-01T12:00:00.000Z'))).toBe(43_200);
    expect(secondsUntilNextUtcMidnight(new Date('2026-05-01T23:59:59.999Z'))).toBe(1);
  });

  it('follows UTC, not the offset the time was written in', () => {
    expect(secondsUntilNextUtcMidnight(new Date('2026-05-01T23:00:00+02:00'))).toBe(10_800);
  });
});

describe('entriesCacheControl', () => {
  it('lets any cache keep the entries until then', () => {
    expect(entriesCacheControl(new Date('2026-05-01T22:00:00Z'))).toBe('public, max-age=7200');
  });
});
