import type { Locale } from '@solar/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLocale } from './locale';
import { bundledNamespaces, loadLocaleResources } from './resources';

export const i18n: I18n = i18next.createInstance();

const FALLBACK_LOCALE: Locale = 'en';

/**
 * Loads the current locale and the English fallback (built-in English covers any gap, and
 * the server's entries when they fail), then starts i18next before the first render.
 */
export async function initI18n(locale: Locale = currentLocale()): Promise<I18n> {
  if (i18n.isInitialized) return i18n;
  const locales = locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
  const resources = Object.fromEntries(
    await Promise.all(
      locales.map(async (code) => [code, await loadLocaleResources(code)] as const),
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
  });
  return i18n;
}
