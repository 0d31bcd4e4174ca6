import { DEFAULT_LOCALE, isLocale, type Locale } from '@solar/contract';
import { readText, writeText } from '../storage/storage';
import { browserNavigation } from '../session/navigation';

/** Stored setting, else the browser (zh → zh_CN, anything else → en), else zh_CN. */
export function detectLocale(
  stored: string | null = readText('lang'),
  browserLanguage: string | undefined = globalThis.navigator?.language,
): Locale {
  if (isLocale(stored)) return stored;
  if (!browserLanguage) return DEFAULT_LOCALE;
  return browserLanguage.toLowerCase().includes('zh') ? 'zh_CN' : 'en';
}

let activeLocale: Locale = detectLocale();

export function currentLocale(): Locale {
  return activeLocale;
}

export function setActiveLocale(locale: Locale): void {
  activeLocale = locale;
}

/** Changing the language stores it and reloads the page (section 1). */
export function changeLocale(locale: Locale): void {
  writeText('lang', locale);
  browserNavigation.reload();
}
