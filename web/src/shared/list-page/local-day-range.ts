import type { Dayjs } from 'dayjs';

/**
 * The days the user picked, as days of the browser's zone (the zone the lists show their times
 * in), turned into the half-open range a log's time filter takes (`rules.instantRange`): the
 * first moment of the first day, and the first moment of the day after the last, excluded. The
 * next day's start is found from its calendar date, not by adding 24 hours, so a last day of 23
 * or 25 hours (daylight saving) ends where it does. A missing end stays open.
 */
export function localDayRange(
  from: Dayjs | null,
  to: Dayjs | null,
): { from: string | undefined; to: string | undefined } {
  return {
    from: from?.startOf('day').toISOString(),
    to: to?.add(1, 'day').startOf('day').toISOString(),
  };
}
