import {
  bcp47Of,
  DICTIONARY_TYPES,
  fromServerLanguage,
  isCurrencyCode,
  isTimeZone,
  type ServerLanguage,
  currencySymbol,
  utcOffset,
} from '@solar/contract';
import { allCountries } from 'country-region-data';
import type { DictionaryEntriesService } from './dictionary-entries.service.js';

/*
 * The reference lists of section 4's plant form, read from the enabled entries of their
 * dictionaries; a code the runtime cannot format (an entry from before the code rules) is left out.
 */

export async function currencies(
  entries: DictionaryEntriesService,
  language: ServerLanguage = 'en',
) {
  const locale = bcp47Of(fromServerLanguage(language));
  const options = await entries.options(DICTIONARY_TYPES.currency, language);
  return options.flatMap(({ code, name }) =>
    isCurrencyCode(code) ? [{ code, name, symbol: currencySymbol(code, locale) }] : [],
  );
}

let offsetCache = new Map<string, string>();
let offsetCacheHour = -1;

/** Offsets change with DST, so they are recomputed at most once an hour. */
function currentOffset(zone: string): string {
  const hour = Math.floor(Date.now() / 3_600_000);
  if (hour !== offsetCacheHour) {
    offsetCache = new Map();
    offsetCacheHour = hour;
  }
  let offset = offsetCache.get(zone);
  if (offset === undefined) {
    offset = utcOffset(zone);
    offsetCache.set(zone, offset);
  }
  return offset;
}

export async function timeZones(entries: DictionaryEntriesService) {
  const options = await entries.options(DICTIONARY_TYPES.timeZone, 'en');
  return options
    .filter(({ code }) => isTimeZone(code))
    .map(({ code }) => ({ name: code, offset: currentOffset(code) }));
}

export async function plantTypes(entries: DictionaryEntriesService) {
  const options = await entries.options(DICTIONARY_TYPES.plantType, 'en');
  return options.map(({ code, name }) => ({ value: code, name }));
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
