import {
  type DisplayFormatters,
  displayFormatters,
  plantDateTime,
  plantTime,
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

/** "11:03 PDT": a moment of the plant on the plant's own clock, named by its zone. */
export function plantClock(instant: string, timeZone: string): string {
  return plantTime(instant, timeZone, formatters().locale);
}

export function plantMoment(instant: string, timeZone: string): string {
  return plantDateTime(instant, timeZone, formatters().locale);
}

/** The reader's own IANA time zone, as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2 Dec 2026, 05:44 CET": a moment on the reader's own clock, named by its zone. */
export function readerMoment(instant: string): string {
  return plantMoment(instant, browserTimeZone());
}
