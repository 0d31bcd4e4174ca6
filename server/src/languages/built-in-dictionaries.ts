import {
  ALL_ERROR_CODES,
  LOCALES,
  type Locale,
  type ServerLanguage,
  toServerLanguage,
  type Translated,
  WEB_TEXTS_DICTIONARY,
} from '@solar/contract';
import { errorMessages } from './error-messages.js';
import { allLocales } from './locale-files.js';

export interface BuiltInDictionary {
  code: string;
  name: string;
  /** Key to its 13 translations. */
  entries: Record<string, Translated>;
}

/** The shell's notice modal; `{startTime}`, `{endTime}`, `{type}`, `{duration}` are filled in. */
function noticeTexts(): Record<string, Translated> {
  const byLocale = allLocales('server');
  const keys = Object.keys(byLocale.en.notices) as (keyof typeof byLocale.en.notices)[];
  return Object.fromEntries(
    keys.map((key) => [
      `notice.${key}`,
      Object.fromEntries(
        LOCALES.map((locale) => [locale, byLocale[locale].notices[key]]),
      ) as Translated,
    ]),
  );
}

function errorCatalogue(): Record<string, Translated> {
  return Object.fromEntries(ALL_ERROR_CODES.map((code) => [String(code), errorMessages(code)]));
}

/**
 * Dictionaries generated from the code base, written to the database at every start. The web
 * texts dictionary has no generated entries: platform administrators fill it with overrides
 * of the web app's built-in texts, and the sync never touches their rows.
 */
export function builtInDictionaries(): BuiltInDictionary[] {
  return [
    { code: 'error', name: 'Error messages', entries: errorCatalogue() },
    { code: 'notice', name: 'Notice dialog', entries: noticeTexts() },
    { code: WEB_TEXTS_DICTIONARY, name: 'Web app texts', entries: {} },
  ];
}

export interface EntryRow {
  dictionary_code: string;
  lan: ServerLanguage;
  key: string;
  value: string;
}

/** One row per dictionary, key and server language. */
export function dictionaryRows(dictionary: BuiltInDictionary): EntryRow[] {
  return Object.entries(dictionary.entries).flatMap(([key, texts]) =>
    LOCALES.map((locale: Locale) => ({
      dictionary_code: dictionary.code,
      lan: toServerLanguage(locale),
      key,
      value: texts[locale],
    })),
  );
}
