import type { Locale } from '@solar/contract';

type Loader = () => Promise<{ default: ILocale }>;

/**
 * dayjs's texts (month and day names, week start) for date pickers and formatted dates. Like
 * antd's locale, only the current language's chunk is loaded, and dayjs with it, so the
 * sign-in page stays light. English is dayjs's built-in default.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, Loader> = {
  zh_CN: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  de: () => import('dayjs/locale/de'),
  po: () => import('dayjs/locale/pl'),
  tr: () => import('dayjs/locale/tr'),
  cz: () => import('dayjs/locale/cs'),
  el: () => import('dayjs/locale/el'),
  pt: () => import('dayjs/locale/pt'),
  it: () => import('dayjs/locale/it'),
  da: () => import('dayjs/locale/da'),
  fi: () => import('dayjs/locale/fi'),
  fr: () => import('dayjs/locale/fr'),
};

/** Makes the locale dayjs's global one; English dates stay when its chunk fails to load. */
export async function loadDayjsLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  try {
    const [{ default: dayjs }, { default: texts }] = await Promise.all([
      import('dayjs'),
      LOADERS[locale](),
    ]);
    dayjs.locale(texts);
  } catch {
    return;
  }
}
