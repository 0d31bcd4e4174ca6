import type { Locale } from '@solar/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';

type Loader = () => Promise<{ default: AntdLocale }>;

/**
 * Only the current language's antd texts are loaded, keeping the first page light. English is
 * antd's built-in default, so it needs no chunk.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, Loader> = {
  zh_CN: () => import('antd/es/locale/zh_CN'),
  es: () => import('antd/es/locale/es_ES'),
  de: () => import('antd/es/locale/de_DE'),
  po: () => import('antd/es/locale/pl_PL'),
  tr: () => import('antd/es/locale/tr_TR'),
  cz: () => import('antd/es/locale/cs_CZ'),
  el: () => import('antd/es/locale/el_GR'),
  pt: () => import('antd/es/locale/pt_PT'),
  it: () => import('antd/es/locale/it_IT'),
  da: () => import('antd/es/locale/da_DK'),
  fi: () => import('antd/es/locale/fi_FI'),
  fr: () => import('antd/es/locale/fr_FR'),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale | undefined> {
  if (locale === 'en') return undefined;
  try {
    return (await LOADERS[locale]()).default;
  } catch {
    return undefined;
  }
}
