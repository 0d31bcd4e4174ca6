import type { Locale } from '@solar/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';

interface LibraryLocaleChunks {
  antd: () => Promise<{ default: AntdLocale }>;
  dayjs: () => Promise<{ default: ILocale }>;
}

/**
 * The texts antd (pickers, tables, pagination) and dayjs (month and day names) ship for each
 * of our locales, one chunk each, loaded for the current language only so the first page
 * stays light. English is both libraries' built-in default.
 */
export const LIBRARY_LOCALES: Record<Exclude<Locale, 'en'>, LibraryLocaleChunks> = {
  zh_CN: { antd: () => import('antd/es/locale/zh_CN'), dayjs: () => import('dayjs/locale/zh-cn') },
  es: { antd: () => import('antd/es/locale/es_ES'), dayjs: () => import('dayjs/locale/es') },
  de: { antd: () => import('antd/es/locale/de_DE'), dayjs: () => import('dayjs/locale/de') },
  po: { antd: () => import('antd/es/locale/pl_PL'), dayjs: () => import('dayjs/locale/pl') },
  tr: { antd: () => import('antd/es/locale/tr_TR'), dayjs: () => import('dayjs/locale/tr') },
  cz: { antd: () => import('antd/es/locale/cs_CZ'), dayjs: () => import('dayjs/locale/cs') },
  el: { antd: () => import('antd/es/locale/el_GR'), dayjs: () => import('dayjs/locale/el') },
  pt: { antd: () => import('antd/es/locale/pt_PT'), dayjs: () => import('dayjs/locale/pt') },
  it: { antd: () => import('antd/es/locale/it_IT'), dayjs: () => import('dayjs/locale/it') },
  da: { antd: () => import('antd/es/locale/da_DK'), dayjs: () => import('dayjs/locale/da') },
  fi: { antd: () => import('antd/es/locale/fi_FI'), dayjs: () => import('dayjs/locale/fi') },
  fr: { antd: () => import('antd/es/locale/fr_FR'), dayjs: () => import('dayjs/locale/fr') },
};
