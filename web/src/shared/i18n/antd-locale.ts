import type { Locale } from '@solar/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { LIBRARY_LOCALES } from './library-locales';

/** antd's texts for the locale; undefined (antd's built-in English) for en or a failed chunk. */
export async function loadAntdLocale(locale: Locale): Promise<AntdLocale | undefined> {
  if (locale === 'en') return undefined;
  try {
    return (await LIBRARY_LOCALES[locale].antd()).default;
  } catch {
    return undefined;
  }
}
