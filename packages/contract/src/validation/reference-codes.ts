import { z } from 'zod';

/*
 * Codes from outside standards that plants and dictionaries hold: IANA time zones and ISO 4217
 * currencies, as the runtime's Intl knows them (so every accepted code can be formatted).
 */

let knownCurrencies: ReadonlySet<string> | undefined;

/**
 * The current IANA names of zones whose older spelling CLDR still lists as canonical, so older
 * runtimes answer `Asia/Calcutta` where newer ones answer `Asia/Kolkata`.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The zones the runtime knows, under their current IANA names, sorted, 'UTC' first: the same
 * list whatever the runtime's CLDR version.
 */
export function timeZoneNames(): string[] {
  const current = new Set(
    Intl.supportedValuesOf('timeZone').map((zone) => RENAMED_ZONES[zone] ?? zone),
  );
  current.delete('UTC');
  return ['UTC', ...[...current].sort()];
}

/** 'UTC' or an Area/Location name ('Europe/Berlin', 'America/North_Dakota/New_Salem'). */
const TIME_ZONE_SHAPE = /^(?:UTC|[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;
const timeZoneAnswers = new Map<string, boolean>();

/** An IANA zone the runtime can compute with, under its current or an older name. */
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
