import {
  LOCALE_NAMES,
  LOCALES,
  rules,
  type ServerLanguage,
  toServerLanguage,
} from '@solar/contract';
import { Input } from 'antd';
import type { TFunction } from 'i18next';
import { currentLocale } from '../i18n/locale';
import type { FieldSpec } from './field-spec';
import { zodRule } from './zod-rule';

/** A text per server language, as the API takes dictionary texts and release notes. */
export type LanguageTexts = Partial<Record<ServerLanguage, string>>;

/** The 13 languages in the switcher's order, each named in itself. */
export const FORM_LANGUAGES = LOCALES.map((locale) => ({
  language: toServerLanguage(locale),
  name: LOCALE_NAMES[locale],
}));

/** The languages filled in, from a form whose fields are named by server language. */
export function languageTextsOf(values: LanguageTexts): LanguageTexts {
  return Object.fromEntries(
    FORM_LANGUAGES.flatMap(({ language }) =>
      values[language] ? [[language, values[language]]] : [],
    ),
  );
}

/** The text in the interface language, else the English one, else ''. */
export function textInCurrentLanguage(texts: LanguageTexts): string {
  return texts[toServerLanguage(currentLocale())] || texts.en || '';
}

/** One field per language, English required, each at most `max` long. */
export function languageTextFields<Values extends LanguageTexts>(options: {
  max: number;
  t: TFunction;
  multiline?: boolean;
}): FieldSpec<Values>[] {
  return FORM_LANGUAGES.map(({ language, name }) => ({
    name: language,
    label: name,
    control: options.multiline
      ? { kind: 'custom', control: <Input.TextArea rows={2} /> }
      : { kind: 'text' },
    rules: [zodRule(rules.text(options.max), options.t, { optional: language !== 'en' })],
  }));
}
