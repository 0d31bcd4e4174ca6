import { z } from 'zod';

/*
 * Codes from outside standards that plants and dictionaries hold: IANA time zones and ISO 4217
 * currencies, as the runtime's Intl knows them (so every accepted code can be formatted).
 */

let knownCurrencies: ReadonlySet<string> | undefined;

/** Valid IANA names as the runtime knows them, plus 'UTC'. */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

/** 'UTC' or an Area/Location name ('Europe/Berlin', 'America/North_Dakota/New_Salem'). */
const TIME_ZONE_SHAPE = /^(?:UTC|[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;
const timeZoneAnswers = new Map<string, boolean>();

/**
 * An IANA zone the runtime can compute with. `timeZoneNames` lists CLDR's canonical names
 * (`Asia/Calcutta`), so the current IANA name (`Asia/Kolkata`) is asked of Intl directly.
 */
export function isTimeZone(value: string): boolean {
  if (!TIME_ZONE_SHAPE.test(value)) return false;
  let answer = timeZoneAnswers.get(value);
  if (answer === undefined) {
    answer = isZoneIntlKnows(value);
    if (timeZoneAnswers.size < 1000) timeZoneAnswers.set(value, answer);
  }
  return answer;
}

function isZoneIntlKnows(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An ISO 4217 code the runtime can format money in ('EUR', 'CHF'; not 'XYZ' or 'eur'). */
export function isCurrencyCode(value: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(value);
}

export const timeZone = z.string().trim().refine(isTimeZone, 'validation.timeZone');

export const currencyCode = z.string().trim().refine(isCurrencyCode, 'validation.currencyCode');
/** An ISO 4217 code (`currencyCode`): the currency dictionary says which ones plants may use. */
export type Currency = string;
