import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { localDayRange } from './local-day-range';

describe('localDayRange', () => {
  it('takes the first moment of the first day and the last of the last, in the browser’s zone', () => {
    // The Date constructor reads its fields as local time, whatever zone the tests run in.
    expect(localDayRange('2026-11-25', '2026-11-26')).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 26, 23, 59, 59, 999).toISOString(),
    });
    expect(localDayRange(dayjs('2026-11-25 15:30'), dayjs('2026-11-25 08:00'))).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
    });
  });

  it('leaves a missing end open', () => {
    expect(localDayRange('2026-11-25', undefined)).toEqual({
      from: new Date(2026, 10, 25).toISOString(),
    });
    expect(localDayRange(null, '2026-11-25')).toEqual({
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
    });
    expect(localDayRange(undefined, null)).toEqual({});
  });
});
