import { LOCALE_NAMES, LOCALES, type Locale } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from './locale';
import './language-select.css';

/**
 * The language switcher of the public pages: a native select, so the sign-in page does not
 * load the dropdown and menu components the signed-in shell uses for its switcher.
 */
export function LanguageSelect(): ReactNode {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  return (
    <select
      className="language-select"
      value={locale}
      aria-label={t('shell.language')}
      data-testid="public-language-select"
      onChange={(event) => changeLocale(event.target.value as Locale)}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
