import type { Locale } from '@solar/contract';
import { LIBRARY_LOCALES } from './library-locales';

/**
 * Makes the locale dayjs's global one (date pickers, formatted dates); dayjs itself loads with
 * it, off the sign-in page's first chunk. English dates stay when the chunk fails to load.
 */
export async function loadDayjsLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  try {
    const [{ default: dayjs }, { default: texts }] = await Promise.all([
      import('dayjs'),
      LIBRARY_LOCALES[locale].dayjs(),
    ]);
    dayjs.locale(texts);
  } catch {
    return;
  }
}
