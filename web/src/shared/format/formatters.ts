import {
  type DisplayFormatters,
  displayFormatters,
  plantDate,
  plantDateTime,
  plantTime,
  type TimePrecision,
} from '@solar/contract';
import { currentLocale } from '../i18n/locale';

let cached: { locale: string; formatters: DisplayFormatters } | null = null;

/**
 * The shared formatters of section 9 in the reader's language. A language change reloads the
 * page (section 1), so the formatters are built once per locale.
 */
export function formatters(): DisplayFormatters {
  const locale = currentLocale();
  if (cached?.locale !== locale) cached = { locale, formatters: displayFormatters(locale) };
  return cached.formatters;
}

/** Money of several currencies, each formatted, side by side ("-" for none). */
export function amountsText(amounts: readonly { amount: number; currency: string }[]): string {
  if (amounts.length === 0) return '-';
  return amounts.map((entry) => formatters().money(entry.amount, entry.currency)).join(' · ');
}

/** The list answers power in W; the formatters work in kW. */
export function powerFromWatts(watts: number): string {
  return formatters().powerW(watts);
}

export function energyText(kwh: number): string {
  return formatters().energyKwh(kwh);
}

export function capacityText(kwp: number): string {
  return formatters().capacityKwp(kwp);
}

/** A number in the reader's locale with a fixed count of decimals, its unit after it if any. */
export function decimalText(value: number, decimals: number, unit = ''): string {
  const number = formatters().decimal(value, decimals);
  return unit === '' ? number : `${number} ${unit}`;
}

/** "11:03 PDT": a moment of the plant on the plant's own clock, named by its zone. */
export function plantClock(instant: string, timeZone: string): string {
  return plantTime(instant, timeZone, formatters().locale);
}

/** "23.11.2026, 11:03 PDT": the date in the reader's locale, the time the plant's, named. */
export function plantMoment(
  instant: string,
  timeZone: string,
  precision: TimePrecision = 'minute',
): string {
  return plantDateTime(instant, timeZone, formatters().locale, precision);
}

/** "23.11.2026": the plant-local day of an instant in the reader's locale. */
export function plantDay(instant: string, timeZone: string): string {
  return plantDate(instant, timeZone, formatters().locale);
}

/** The reader's own IANA time zone, as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2 Dec 2026, 05:44 CET": a moment on the reader's own clock, named by its zone. */
export function readerMoment(instant: string, precision: TimePrecision = 'minute'): string {
  return plantMoment(instant, browserTimeZone(), precision);
}

/** "23.11.2026": a day on the reader's own calendar (a record's creation, a release). */
export function readerDate(instant: string): string {
  return plantDay(instant, browserTimeZone());
}

/** "11:03 CET": the reader's own wall clock, named by its zone (a wall screen's clock). */
export function readerClock(instant: string): string {
  return plantClock(instant, browserTimeZone());
}

let reading: { locale: string; format: Intl.NumberFormat } | null = null;

/** A number as read from a device or a register, at most three decimals, its unit after it. */
export function readingText(value: number, unit = ''): string {
  const { locale } = formatters();
  if (reading?.locale !== locale)
    reading = { locale, format: new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }) };
  const number = reading.format.format(value);
  return unit === '' ? number : `${number} ${unit}`;
}

/** A file's size in B, KB or MB, in the reader's language ("-" when unknown). */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  const format = (value: number) => formatters().decimal(value, Number.isInteger(value) ? 0 : 1);
  if (bytes < 1024) return `${format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${format(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}
