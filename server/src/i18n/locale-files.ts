import { LOCALES, type Locale } from '@solar/contract';
import englishDevices from '@solar/contract/locales/en/devices.json' with { type: 'json' };
import englishErrors from '@solar/contract/locales/en/errors.json' with { type: 'json' };
import englishEvents from '@solar/contract/locales/en/events.json' with { type: 'json' };
import englishParameters from '@solar/contract/locales/en/parameters.json' with { type: 'json' };
import englishPlants from '@solar/contract/locales/en/plants.json' with { type: 'json' };
import englishServer from '@solar/contract/locales/en/server.json' with { type: 'json' };
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Every text lives in `packages/contract/locales/<locale>/<namespace>.json`, the web's and the
 * server's alike. The server reads the namespaces it needs from there; English is imported so
 * its shape types the others (the locale test keeps every file's keys equal to English's).
 */
export const LOCALES_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@solar/contract/package.json')),
  'locales',
);

const ENGLISH = {
  devices: englishDevices,
  errors: englishErrors,
  events: englishEvents,
  parameters: englishParameters,
  plants: englishPlants,
  server: englishServer,
};
type Namespace = keyof typeof ENGLISH;
export type LocaleFile<N extends Namespace> = (typeof ENGLISH)[N];

const cache = new Map<string, unknown>();

/** A namespace file of a locale as it is on disk, untyped (read on every call). */
export function readLocaleJson(locale: Locale, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8'));
}

/** One namespace of one locale, read once per process. */
export function localeFile<N extends Namespace>(locale: Locale, namespace: N): LocaleFile<N> {
  const key = `${locale}/${namespace}`;
  if (!cache.has(key)) {
    cache.set(key, locale === 'en' ? ENGLISH[namespace] : readLocaleJson(locale, namespace));
  }
  return cache.get(key) as LocaleFile<N>;
}

/** The same namespace in all 13 locales. */
export function allLocales<N extends Namespace>(namespace: N): Record<Locale, LocaleFile<N>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, localeFile(locale, namespace)]),
  ) as Record<Locale, LocaleFile<N>>;
}
