import { languageEntries, toServerLanguage, type Locale } from '@solar/contract';
import { apiCall } from '../api/client';
import { i18n } from './i18n';

/** The server dictionary the web app reads its overridable texts from. */
export const SERVER_DICTIONARY = 'web';
const CACHE_KEY = 'languageEntries';

interface CachedEntries {
  utcDay: string;
  locale: Locale;
  entries: Record<string, string>;
}

export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function readCache(locale: Locale, day: string): Record<string, string> | null {
  try {
    const cached = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? 'null') as CachedEntries | null;
    return cached && cached.utcDay === day && cached.locale === locale ? cached.entries : null;
  } catch {
    return null;
  }
}

/**
 * Server language entries, fetched at most once per UTC day and kept in sessionStorage (not
 * localStorage, which holds only the six keys of section 3). On failure the built-in texts stay.
 */
export async function loadServerEntries(locale: Locale, now: Date = new Date()): Promise<void> {
  const day = utcDay(now);
  let entries = readCache(locale, day);
  if (!entries) {
    try {
      const data = await apiCall(languageEntries, {
        query: { code: SERVER_DICTIONARY, lan: toServerLanguage(locale) },
        quiet: true,
      });
      entries = data.entries;
      sessionStorage.setItem(CACHE_KEY, JSON.stringify({ utcDay: day, locale, entries }));
    } catch {
      return;
    }
  }
  i18n.addResourceBundle(locale, 'server', entries, true, true);
}
