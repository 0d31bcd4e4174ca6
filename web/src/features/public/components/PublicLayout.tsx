import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../../../app/shell/LanguageSwitcher';
import './public.css';

/** The frame of public pages: logo, language switcher, content. */
export function PublicLayout(props: { children: ReactNode }): ReactNode {
  return (
    <Layout className="public-layout">
      <header className="public-layout__header">
        <Link to="/login">
          <img src="/logo.svg" alt="Solar portal" className="public-layout__logo" />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="public-layout__main">{props.children}</main>
    </Layout>
  );
}
