import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { localDayRange } from './local-day-range';

describe('localDayRange', () => {
  it('takes the first moment of the first day and of the day after the last, in the browser’s zone', () => {
    // The Date constructor reads its fields as local time, whatever zone the tests run in.
    expect(localDayRange(dayjs('2026-11-25'), dayjs('2026-11-26'))).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
    });
    expect(localDayRange(dayjs('2026-11-25 15:30'), dayjs('2026-11-25 08:00'))).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 26).toISOString(),
    });
  });

  it('ends a month and a year on the next one’s first day', () => {
    expect(localDayRange(dayjs('2026-11-30'), dayjs('2026-12-31'))).toEqual({
      from: new Date(2026, 10, 30).toISOString(),
      to: new Date(2027, 0, 1).toISOString(),
    });
  });

  // Zone-free like the rest; under TZ=Europe/Berlin the last days have 23 and 25 hours.
  it('ends a day that changes the clock at the next day’s first moment', () => {
    expect(localDayRange(dayjs('2026-03-29'), dayjs('2026-03-29 12:00'))).toEqual({
      from: new Date(2026, 2, 29).toISOString(),
      to: new Date(2026, 2, 30).toISOString(),
    });
    expect(localDayRange(dayjs('2026-10-25'), dayjs('2026-10-25 12:00'))).toEqual({
      from: new Date(2026, 9, 25).toISOString(),
      to: new Date(2026, 9, 26).toISOString(),
    });
  });

  it('leaves a missing end open', () => {
    expect(localDayRange(dayjs('2026-11-25'), null)).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
      to: undefined,
    });
    expect(localDayRange(null, dayjs('2026-11-25'))).toEqual({
      from: undefined,
      to: new Date(2026, 10, 26).toISOString(),
    });
    expect(localDayRange(null, null)).toEqual({ from: undefined, to: undefined });
  });
});
