/** The 13 interface languages of section 1, in the order the language switcher lists them. */
export const LOCALES = [
  'zh_CN',
  'en',
  'es',
  'de',
  'po',
  'tr',
  'cz',
  'el',
  'pt',
  'it',
  'da',
  'fi',
  'fr',
] as const;

export type Locale = (typeof LOCALES)[number];

/** Server-side language codes: identical to the locales except zh_CN, which travels as zh. */
export const SERVER_LANGUAGES = ['zh', ...LOCALES.filter((l) => l !== 'zh_CN')] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export const DEFAULT_LOCALE: Locale = 'zh_CN';

export const LOCALE_NAMES: Record<Locale, string> = {
  zh_CN: '简体中文',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  po: 'Polski',
  tr: 'Türkçe',
  cz: 'Čeština',
  el: 'Ελληνικά',
  pt: 'Português',
  it: 'Italiano',
  da: 'Dansk',
  fi: 'Suomi',
  fr: 'Français',
};

const BCP47: Partial<Record<Locale, string>> = { zh_CN: 'zh-CN', po: 'pl', cz: 'cs' };

/** The BCP 47 tag of an interface locale (`<html lang>`, Intl); three codes differ from it. */
export function bcp47Of(locale: Locale): string {
  return BCP47[locale] ?? locale;
}

export function toServerLanguage(locale: Locale): ServerLanguage {
  return locale === 'zh_CN' ? 'zh' : locale;
}

export function fromServerLanguage(language: string): Locale {
  if (language === 'zh') return 'zh_CN';
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Translations keyed by locale; the type forces every locale to be present. */
export type Translated = Record<Locale, string>;
