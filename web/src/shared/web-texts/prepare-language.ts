import type { Locale } from '@solar/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { loadAntdLocale } from '../i18n/antd-locale';
import { loadDayjsLocale } from '../i18n/dayjs-locale';
import { initI18n } from '../i18n/i18n';
import { applyServerEntries, fetchServerEntries } from './server-entries';

/**
 * Everything the first render needs in the page's language: texts, antd's and dayjs's
 * locales, loaded side by side. The server's texts do not hold the first render up; they
 * replace the built-in ones when they arrive. Resolves with antd's locale for its provider.
 */
export async function prepareLanguage(locale: Locale): Promise<AntdLocale | undefined> {
  const serverEntries = fetchServerEntries(locale);
  const [antdLocale] = await Promise.all([
    loadAntdLocale(locale),
    loadDayjsLocale(locale),
    initI18n(locale),
  ]);
  void serverEntries.then((entries) => applyServerEntries(locale, entries));
  return antdLocale;
}
