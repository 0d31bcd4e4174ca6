import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import './public.css';

/** The frame of public pages: logo, language switcher, content. */
export function PublicLayout(props: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('common');
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <Link to="/login">
          <img src="/logo.svg" alt={t('appName')} className="public-layout__logo" />
        </Link>
        <LanguageSelect />
      </header>
      <main className="public-layout__main">{props.children}</main>
    </div>
  );
}
