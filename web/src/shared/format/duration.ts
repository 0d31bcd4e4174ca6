import { bcp47Of } from '@solar/contract';
import { currentLocale } from '../i18n/locale';

/**
 * A span of minutes, the two largest units in the user's language: `2 days, 3 hr`,
 * `3 hr, 5 min`, `4 min` (rounded to the minute).
 */
export function minutesText(totalMinutes: number): string {
  const lang = bcp47Of(currentLocale());
  const whole = Math.max(0, Math.round(totalMinutes));
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const minutes = whole % 60;
  const amount = (value: number, unit: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  const parts =
    days > 0
      ? [amount(days, 'day'), amount(hours, 'hour')]
      : hours > 0
        ? [amount(hours, 'hour'), amount(minutes, 'minute')]
        : [amount(minutes, 'minute')];
  return new Intl.ListFormat(lang, { style: 'narrow', type: 'unit' }).format(parts);
}

/** How long an event lasted, or has lasted so far (`minutesText` of its whole minutes). */
export function durationText(startIso: string, endIso: string | null, now = Date.now()): string {
  const end = endIso ? Date.parse(endIso) : now;
  return minutesText(Math.floor((end - Date.parse(startIso)) / 60_000));
}
