/** Calendar arithmetic on plant-local dates ('YYYY-MM-DD'), independent of the server zone. */

export type Granularity = 'day' | 'month' | 'year';

export const PERIOD_FORMATS: Record<Granularity, string> = {
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

function toUtcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  const next = toUtcDate(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number): string {
  const next = toUtcDate(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next.toISOString().slice(0, 10);
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function yearStart(date: string): string {
  return `${date.slice(0, 4)}-01-01`;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000);
}

/** The period label a date belongs to. */
export function periodOf(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  return granularity === 'month' ? date.slice(0, 7) : date.slice(0, 4);
}

/** Every period label touching [from, toExclusive), in order. */
export function periodsBetween(
  from: string,
  toExclusive: string,
  granularity: Granularity,
): string[] {
  const periods: string[] = [];
  let cursor = from;
  while (cursor < toExclusive) {
    const period = periodOf(cursor, granularity);
    if (periods[periods.length - 1] !== period) periods.push(period);
    cursor =
      granularity === 'day'
        ? addDays(cursor, 1)
        : granularity === 'month'
          ? addMonths(monthStart(cursor), 1)
          : `${Number(cursor.slice(0, 4)) + 1}-01-01`;
  }
  return periods;
}
