import type { ReactNode } from 'react';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import { useBrand } from '../../brands/current-brand';
import './auth.css';

/**
 * The frame of the sign-in, register and reset pages. Plain elements rather than antd's Layout
 * and Card: Card pulls in tabs, dropdown and menu, which the sign-in page never uses.
 */
export function AuthLayout(props: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}): ReactNode {
  const brand = useBrand();
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        {brand ? (
          <div className="auth-layout__brand">
            {brand.logoUrl && <img src={brand.logoUrl} alt="" className="auth-layout__logo" />}
            <span className="auth-layout__brand-name">{brand.name}</span>
          </div>
        ) : (
          <img src="/logo.svg" alt="" className="auth-layout__logo" />
        )}
        <LanguageSelect />
      </header>
      <main className="auth-layout__main">
        <section className="auth-card" aria-labelledby="auth-card-title">
          <h1 className="auth-card__title" id="auth-card-title">
            {props.title}
          </h1>
          {props.children}
        </section>
        {props.footer && <div className="auth-layout__footer">{props.footer}</div>}
        {brand?.footerText && <p className="auth-layout__brand-footer">{brand.footerText}</p>}
      </main>
    </div>
  );
}
