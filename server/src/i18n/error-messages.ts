import type { ErrorCodeValue, Locale } from '@solar/contract';
import { localeFile } from './locale-files.js';

/** The meaning of a catalogue code in one language (English when a locale lacks it). */
export function errorMessage(code: ErrorCodeValue, locale: Locale = 'en'): string {
  const text = (language: Locale): string | undefined =>
    (localeFile(language, 'errors') as Record<string, string | undefined>)[code];
  return text(locale) ?? text('en') ?? `Error ${code}`;
}
