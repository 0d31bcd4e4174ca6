import { type DaySeries, type Locale, localTimestamp, parameterLabel } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';
import { localeFile } from '../i18n/locale-files.js';

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
