import {
  languageEntries,
  toServerLanguage,
  WEB_TEXTS_DICTIONARY,
  type Locale,
} from '@solar/contract';
import { apiCall } from '../api/client';
import { i18n } from '../i18n/i18n';
import { bundledNamespaces, loadLocaleResources } from '../i18n/resources';

export type ServerEntries = Record<string, string>;

/**
 * The server's web texts for one locale; none when the call fails, so the built-in texts stay.
 * The server marks the answer cacheable until the next UTC midnight: the browser's HTTP cache
 * serves it to every tab for the rest of the day (section 4: once per UTC day).
 */
export async function fetchServerEntries(
  locale: Locale,
  cache?: RequestCache,
): Promise<ServerEntries> {
  try {
    const data = await apiCall(languageEntries, {
      query: { code: WEB_TEXTS_DICTIONARY, lan: toServerLanguage(locale) },
      quiet: true,
      ...(cache ? { cache } : {}),
    });
    return data.entries;
  } catch {
    return {};
  }
}

/**
 * Entry keys are written as in `t('namespace:key.path')`: a web text namespace, a colon and the
 * dotted key inside it, for example `menu:plants` or `common:shell.signOut`. Keys without a
 * namespace, or naming one the app does not have, are ignored rather than guessed at.
 */
function byNamespace(entries: ServerEntries): Map<string, ServerEntries> {
  const namespaces = new Set(bundledNamespaces());
  const grouped = new Map<string, ServerEntries>();
  for (const [entryKey, text] of Object.entries(entries)) {
    const separator = entryKey.indexOf(':');
    const namespace = entryKey.slice(0, separator);
    const key = entryKey.slice(separator + 1);
    if (separator < 1 || !key || !namespaces.has(namespace)) continue;
    grouped.set(namespace, { ...grouped.get(namespace), [key]: text });
  }
  return grouped;
}

/**
 * Puts the server's texts over the built-in ones of that locale. A namespace that loads later
 * (the signed-in ones) is added without overwriting, so the server's texts keep winning.
 */
export function applyServerEntries(locale: Locale, entries: ServerEntries): void {
  for (const [namespace, texts] of byNamespace(entries)) {
    i18n.addResources(locale, namespace, texts);
  }
}

/**
 * After an administrator changed the web texts of `locale`: fetches them past the browser's
 * cache (which keeps the fresh answer for the rest of the day), puts the built-in texts back
 * (a removed override must not linger) and the server's over them.
 */
export async function refreshServerEntries(locale: Locale): Promise<void> {
  const entries = await fetchServerEntries(locale, 'reload');
  const loaded = Object.keys(i18n.store.data[locale] ?? {});
  const builtIn = await loadLocaleResources(locale, loaded);
  for (const [namespace, texts] of Object.entries(builtIn)) {
    i18n.addResourceBundle(locale, namespace, texts, true, true);
  }
  applyServerEntries(locale, entries);
}
