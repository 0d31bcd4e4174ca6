import {
  LOCALES,
  type Locale,
  type ServerLanguage,
  toServerLanguage,
  WEB_TEXTS_DICTIONARY,
} from '@solar/contract';
import { localeFile } from '../i18n/locale-files.js';

export interface BuiltInDictionary {
  code: string;
  name: string;
  /** The dictionary's texts in one locale, by key. */
  textsIn: (locale: Locale) => Record<string, string>;
}

/** The shell's notice modal; `{startTime}`, `{endTime}`, `{type}`, `{duration}` are filled in. */
function noticeTexts(locale: Locale): Record<string, string> {
  const { notices } = localeFile(locale, 'server');
  return Object.fromEntries(Object.entries(notices).map(([key, text]) => [`notice.${key}`, text]));
}

/**
 * Dictionaries generated from the locale files, written to the database at every start. The
 * web texts dictionary has no generated entries: platform administrators fill it with
 * overrides of the web app's built-in texts, and the sync never touches their rows.
 */
export function builtInDictionaries(): BuiltInDictionary[] {
  return [
    { code: 'error', name: 'Error messages', textsIn: (locale) => localeFile(locale, 'errors') },
    { code: 'notice', name: 'Notice dialog', textsIn: noticeTexts },
    { code: WEB_TEXTS_DICTIONARY, name: 'Web app texts', textsIn: () => ({}) },
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
  return LOCALES.flatMap((locale) =>
    Object.entries(dictionary.textsIn(locale)).map(([key, value]) => ({
      dictionary_code: dictionary.code,
      lan: toServerLanguage(locale),
      key,
      value,
    })),
  );
}
