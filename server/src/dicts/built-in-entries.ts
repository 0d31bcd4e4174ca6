import {
  bcp47Of,
  CURRENCIES,
  DEVICE_KINDS,
  type DeviceKind,
  DICTIONARY_TYPES,
  type EventLevelLetter,
  fromServerLanguage,
  LOCALES,
  PLANT_TYPES,
  SERVER_LANGUAGES,
  timeZoneNames,
  toServerLanguage,
  type createDictionaryEntry,
  type ParsedBody,
} from '@solar/contract';
import type { Db } from '../db/database.js';
import { localeFile } from '../i18n/locale-files.js';

type BuiltInEntry = ParsedBody<typeof createDictionaryEntry>;

function currencyTexts(code: string): Record<string, string> {
  return Object.fromEntries(
    SERVER_LANGUAGES.map((language) => {
      const names = new Intl.DisplayNames([bcp47Of(fromServerLanguage(language)), 'en'], {
        type: 'currency',
      });
      return [language, names.of(code) ?? code];
    }),
  );
}

function plantTypeTexts(code: (typeof PLANT_TYPES)[number]): Record<string, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      toServerLanguage(locale),
      localeFile(locale, 'plants').plantType[code],
    ]),
  );
}

/** A device kind's name where the pages showed it before (the plant overview's device list). */
function deviceTypeTexts(code: DeviceKind): Record<string, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      toServerLanguage(locale),
      localeFile(locale, 'plants').device.kinds[code],
    ]),
  );
}

function eventLevelTexts(code: EventLevelLetter): Record<string, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [toServerLanguage(locale), localeFile(locale, 'events').levels[code]]),
  );
}

/** The events pages list the levels from the mildest letter: protect, warning, fault. */
const EVENT_LEVEL_ORDER = ['P', 'W', 'F'] as const satisfies readonly EventLevelLetter[];

/**
 * Every code the plant schemas accept, in the order the form used to list them; every device
 * kind and event level letter, with the names the pages showed before they read them here.
 */
export function builtInEntries(): BuiltInEntry[] {
  return [
    ...CURRENCIES.map((code, index) => ({
      type: DICTIONARY_TYPES.currency,
      code,
      texts: currencyTexts(code),
      sortOrder: index,
    })),
    // A zone's IANA name is its text in every language.
    ...timeZoneNames().map((code, index) => ({
      type: DICTIONARY_TYPES.timeZone,
      code,
      texts: { en: code },
      sortOrder: index,
    })),
    ...PLANT_TYPES.map((code, index) => ({
      type: DICTIONARY_TYPES.plantType,
      code,
      texts: plantTypeTexts(code),
      sortOrder: index,
    })),
    ...DEVICE_KINDS.map((code, index) => ({
      type: DICTIONARY_TYPES.deviceType,
      code,
      texts: deviceTypeTexts(code),
      sortOrder: index,
    })),
    ...EVENT_LEVEL_ORDER.map((code, index) => ({
      type: DICTIONARY_TYPES.eventLevel,
      code,
      texts: eventLevelTexts(code),
      sortOrder: index,
    })),
  ];
}

/**
 * Adds the built-in entries a dictionary lacks, at every start. Entries present stay as the
 * platform administrator left them (texts, order, disabled), so only new codes are written;
 * reading first keeps the id sequence from growing on every start.
 */
export async function seedBuiltInDictionaries(db: Db): Promise<void> {
  const entries = builtInEntries();
  const present = await db
    .selectFrom('dictionary_entries')
    .select(['type', 'code'])
    .where('type', 'in', Object.values(DICTIONARY_TYPES))
    .execute();
  const known = new Set(present.map((row) => `${row.type}/${row.code}`));
  const missing = entries.filter((entry) => !known.has(`${entry.type}/${entry.code}`));
  if (missing.length === 0) return;
  await db
    .insertInto('dictionary_entries')
    .values(
      missing.map((entry) => ({
        type: entry.type,
        code: entry.code,
        texts: JSON.stringify(entry.texts),
        sort_order: entry.sortOrder,
      })),
    )
    .onConflict((conflict) => conflict.columns(['type', 'code']).doNothing())
    .execute();
}
