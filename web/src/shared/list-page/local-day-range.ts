import dayjs, { type Dayjs } from 'dayjs';

/** A picked day: as the range filter stores it (`YYYY-MM-DD`) or as the date picker gives it. */
export type PickedDay = Dayjs | string | null | undefined;

/**
 * The days the user picked, as days of the browser's zone (the zone the lists show their times
 * in), turned into the instants a log's time filter takes (`rules.instantRange`): the first
 * moment of the first day and the last moment of the last, both included. A missing end stays
 * open.
 */
export function localDayRange(from: PickedDay, to: PickedDay): { from?: string; to?: string } {
  return {
    ...(from ? { from: dayjs(from).startOf('day').toISOString() } : {}),
    ...(to ? { to: dayjs(to).endOf('day').toISOString() } : {}),
  };
}
