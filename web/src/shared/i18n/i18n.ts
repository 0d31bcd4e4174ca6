import type { Locale } from '@solar/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLocale } from './locale';
import { PUBLIC_NAMESPACES } from './namespaces';
import { bundledNamespaces, loadLocaleResources, signedInNamespaces } from './resources';

export const i18n: I18n = i18next.createInstance();

const FALLBACK_LOCALE: Locale = 'en';

function withFallback(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
}

/**
 * Loads the public pages' texts in the current locale and the English fallback (built-in
 * English covers any key a locale lacks), then starts i18next before the first render.
 */
export async function initI18n(locale: Locale = currentLocale()): Promise<I18n> {
  if (i18n.isInitialized) return i18n;
  const resources = Object.fromEntries(
    await Promise.all(
      withFallback(locale).map(
        async (code) => [code, await loadLocaleResources(code, PUBLIC_NAMESPACES)] as const,
      ),
    ),
  );
  await i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    ns: bundledNamespaces(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Texts added after the first render (the server's entries) re-render what shows them.
    react: { bindI18nStore: 'added' },
  });
  return i18n;
}

/** The signed-in pages' namespaces, added before the shell renders. */
export async function loadSignedInTexts(locale: Locale = currentLocale()): Promise<void> {
  await loadNamespaces(signedInNamespaces(), locale);
}

const loaded = new Set<string>();

/**
 * Adds namespaces (in the locale and the English fallback) not loaded yet, under texts already
 * there (the server's entries keep winning).
 */
export async function loadNamespaces(
  namespaces: readonly string[],
  locale: Locale = currentLocale(),
): Promise<void> {
  await Promise.all(
    withFallback(locale).map(async (code) => {
      const missing = namespaces.filter((namespace) => !loaded.has(`${code}/${namespace}`));
      const resources = await loadLocaleResources(code, missing);
      missing.forEach((namespace) => loaded.add(`${code}/${namespace}`));
      for (const [namespace, bundle] of Object.entries(resources)) {
        i18n.addResourceBundle(code, namespace, bundle, true, false);
      }
    }),
  );
}
