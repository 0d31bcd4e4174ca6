import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { nextScheduledRun } from './report-schedule.js';

describe('nextScheduledRun', () => {
  it('keeps 06:00 in the owner’s zone across the spring daylight-saving change', () => {
    const daily = (now: string) =>
      nextScheduledRun('0 6 * * *', 'Europe/Berlin', new Date(now))?.toISOString();
    // Winter time (UTC+1) on the 28th, summer time (UTC+2) from the 29th of March 2026.
    expect(daily('2026-03-27T12:00:00Z')).toBe('2026-03-28T05:00:00.000Z');
    expect(daily('2026-03-28T12:00:00Z')).toBe('2026-03-29T04:00:00.000Z');
    // And back to winter time on the 25th of October.
    expect(daily('2026-10-25T03:00:00Z')).toBe('2026-10-25T05:00:00.000Z');
  });

  it('reads a monthly rule in the zone: the 1st at 06:00 in Tokyo is the last day of the month in UTC', () => {
    expect(
      nextScheduledRun('0 6 1 * *', 'Asia/Tokyo', new Date('2026-03-15T00:00:00Z'))?.toISOString(),
    ).toBe('2026-03-31T21:00:00.000Z');
    expect(
      nextScheduledRun('0 6 1 * *', 'UTC', new Date('2026-03-15T00:00:00Z'))?.toISOString(),
    ).toBe('2026-04-01T06:00:00.000Z');
  });

  it('answers null without a rule and code 4 on the schedule for a rule croner refuses', () => {
    expect(nextScheduledRun(null, 'UTC', new Date())).toBeNull();
    expect(() => nextScheduledRun('61 * * * *', 'Europe/Berlin', new Date())).toThrow(AppError);
  });
});
