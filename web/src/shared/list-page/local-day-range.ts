import dayjs, { type Dayjs } from 'dayjs';

/** A picked day: as the range filter stores it (`YYYY-MM-DD`) or as the date picker gives it. */
export type PickedDay = Dayjs | string | null | undefined;

/**
 * The days the user picked, as days of the browser's zone (the zone the lists show their times
 * in), turned into the half-open range a log's time filter takes (`rules.instantRange`): the
 * first moment of the first day, and the first moment of the day after the last, excluded. The
 * next day's start is found from its calendar date, not by adding 24 hours, so a last day of 23
 * or 25 hours (daylight saving) ends where it does. A missing end stays open.
 */
export function localDayRange(from: PickedDay, to: PickedDay): { from?: string; to?: string } {
  return {
    ...(from ? { from: dayjs(from).startOf('day').toISOString() } : {}),
    ...(to ? { to: dayjs(to).add(1, 'day').startOf('day').toISOString() } : {}),
  };
}
