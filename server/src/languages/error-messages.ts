import { type ErrorCodeValue, LOCALES, type Locale, type Translated } from '@solar/contract';
import { localeFile } from './locale-files.js';

/** The meaning of a catalogue code in one language (English when a locale lacks it). */
export function errorMessage(code: ErrorCodeValue, locale: Locale = 'en'): string {
  const key = String(code) as keyof ReturnType<typeof localeFile<'errors'>>;
  return localeFile(locale, 'errors')[key] ?? localeFile('en', 'errors')[key] ?? `Error ${code}`;
}

/** All 13 translations of one code, for the language-entry endpoints. */
export function errorMessages(code: ErrorCodeValue): Translated {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, errorMessage(code, locale)]),
  ) as Translated;
}
