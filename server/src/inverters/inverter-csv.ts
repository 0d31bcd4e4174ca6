import { type DaySeries, type Locale, parameterLabel } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';
import { localeFile } from '../i18n/locale-files.js';

/**
 * A plant-local timestamp with its UTC offset (`2026-10-25 02:30:00 +02:00`): on the day clocks
 * go back the hour from 02:00 happens twice, and the offset tells the two apart.
 */
export function localTimestamp(timeZone: string, epochMs: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${offset}`;
}

/** One row per instant any series has a value at; a column per series, headed in `locale`. */
export function dayCsv(series: readonly DaySeries[], timeZone: string, locale: Locale): string {
  const texts = localeFile(locale, 'parameters');
  const header = [
    texts.time,
    ...series.map((s) => {
      const label = parameterLabel(s.key, texts);
      return s.unit === '' ? label : `${label} (${s.unit})`;
    }),
  ];
  const instants = [...new Set(series.flatMap((s) => s.points.map(([ts]) => ts)))].sort(
    (a, b) => a - b,
  );
  const columns = series.map((s) => new Map(s.points));
  const rows = instants.map((ts) => [
    localTimestamp(timeZone, ts),
    ...columns.map((column) => {
      const value = column.get(ts);
      return value === undefined ? '' : String(value);
    }),
  ]);
  // A byte-order mark lets spreadsheet programs read the UTF-8 headers (Chinese, Greek) right.
  return `\uFEFF${stringify([header, ...rows])}`;
}
