import { bcp47Of } from '@solar/contract';
import { currentLocale } from '../i18n/locale';

/**
 * How long an event lasted (or has lasted so far), the two largest units in the user's
 * language: `2 days, 3 hr`, `3 hr, 5 min`, `4 min`.
 */
export function durationText(startIso: string, endIso: string | null, now = Date.now()): string {
  const lang = bcp47Of(currentLocale());
  const { days, hours, minutes } = durationParts(startIso, endIso, now);
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

export function durationParts(
  startIso: string,
  endIso: string | null,
  now = Date.now(),
): { days: number; hours: number; minutes: number } {
  const end = endIso ? Date.parse(endIso) : now;
  const totalMinutes = Math.max(0, Math.floor((end - Date.parse(startIso)) / 60_000));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}
