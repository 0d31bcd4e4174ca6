import {
  CURRENCIES,
  PLANT_TYPE_NAMES,
  PLANT_TYPES,
  type ServerLanguage,
  timeZoneNames,
} from '@solar/contract';
import { allCountries } from 'country-region-data';

/** BCP 47 tags for the server languages whose code is not one already. */
const LANGUAGE_TAGS: Partial<Record<ServerLanguage, string>> = { po: 'pl', cz: 'cs' };

function languageTag(language: ServerLanguage | undefined): string {
  if (!language) return 'en';
  return LANGUAGE_TAGS[language] ?? language;
}

function currencySymbol(code: string, tag: string): string {
  const parts = new Intl.NumberFormat(tag, { style: 'currency', currency: code }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

export function currencies(language: ServerLanguage | undefined) {
  const tag = languageTag(language);
  const names = new Intl.DisplayNames([tag, 'en'], { type: 'currency' });
  return CURRENCIES.map((code) => ({
    code,
    name: names.of(code) ?? code,
    symbol: currencySymbol(code, tag),
  }));
}

/** The offset of a zone at this instant as '+HH:MM'. */
export function utcOffset(timeZone: string, at = new Date()): string {
  const local = new Date(at.toLocaleString('en-US', { timeZone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  const minutes = Math.round((local.getTime() - utc.getTime()) / 60000);
  const sign = minutes < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${sign}${pad(Math.abs(minutes) / 60)}:${pad(Math.abs(minutes) % 60)}`;
}

let zoneCache: { name: string; offset: string }[] | undefined;
let zoneCacheHour = -1;

/** Offsets change with DST, so the list is recomputed at most once an hour. */
export function timeZones() {
  const hour = Math.floor(Date.now() / 3_600_000);
  if (!zoneCache || hour !== zoneCacheHour) {
    const now = new Date();
    zoneCache = timeZoneNames().map((name) => ({ name, offset: utcOffset(name, now) }));
    zoneCacheHour = hour;
  }
  return zoneCache;
}

export function plantTypes() {
  return PLANT_TYPES.map((value) => ({ value, name: PLANT_TYPE_NAMES[value] }));
}

/**
 * Region cascader from the `country-region-data` package (MIT): countries (ISO 3166-1 alpha-2),
 * then their regions. The third level, the city, is free text typed by the user.
 */
export function regions(parent: string | undefined) {
  if (!parent) {
    return allCountries.map(([name, code]) => ({ value: code, label: name, isLeaf: false }));
  }
  const country = allCountries.find(([, code]) => code === parent);
  if (!country) return [];
  return country[2].map(([name, code]) => ({ value: code || name, label: name, isLeaf: true }));
}
