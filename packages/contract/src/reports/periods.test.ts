import { describe, expect, it } from 'vitest';
import { configRange, daysInRange, lastCompletePeriod, periodRange } from './periods.js';

describe('report periods', () => {
  it('spans the day, the month (leap February included) or the year holding a date', () => {
    expect(periodRange('day', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(periodRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('year', '2026-07-04')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('gives a scheduled run the last complete period: a monthly rule on the 1st reports the past month', () => {
    const firstOfApril = new Date('2026-04-01T06:00:00Z');
    expect(lastCompletePeriod('month', firstOfApril)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(lastCompletePeriod('day', firstOfApril)).toEqual({
      from: '2026-03-31',
      to: '2026-03-31',
    });
    expect(lastCompletePeriod('year', new Date('2027-01-01T06:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });

  it('counts the last complete period in the owner’s time zone', () => {
    // 00:30 UTC on 1 April: already 1 April in Tokyo, still 31 March in Los Angeles.
    const instant = new Date('2026-04-01T00:30:00Z');
    expect(lastCompletePeriod('day', instant, 'Asia/Tokyo')).toEqual({
      from: '2026-03-31',
      to: '2026-03-31',
    });
    expect(lastCompletePeriod('day', instant, 'America/Los_Angeles')).toEqual({
      from: '2026-03-30',
      to: '2026-03-30',
    });
    // 23:30 UTC on 31 March is 1 April in Berlin (summer time): the month is complete there.
    expect(lastCompletePeriod('month', new Date('2026-03-31T22:30:00Z'), 'Europe/Berlin')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });
});

describe('configRange', () => {
  const now = new Date('2026-04-01T06:00:00Z');

  it('keeps a custom range whenever the configuration runs', () => {
    const custom = { period: 'custom' as const, from: '2026-03-28', to: '2026-03-30' };
    expect(configRange({ ...custom, timeZone: 'Asia/Tokyo' }, now)).toEqual({
      from: '2026-03-28',
      to: '2026-03-30',
    });
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    // The change to summer time leaves the count of days alone.
    expect(daysInRange('2025-03-30', '2026-03-30')).toBe(366);
  });

  it('takes the last complete period of a calendar period', () => {
    const monthly = { period: 'month' as const, from: null, to: null, timeZone: 'Europe/Berlin' };
    expect(configRange(monthly, now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });
});
