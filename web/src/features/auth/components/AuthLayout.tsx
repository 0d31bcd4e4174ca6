import { Card, Layout } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../../app/shell/LanguageSwitcher';
import './auth.css';

/** The frame of the sign-in, register and reset pages. */
export function AuthLayout(props: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}): ReactNode {
  return (
    <Layout className="auth-layout">
      <header className="auth-layout__header">
        <img src="/logo.svg" alt="" className="auth-layout__logo" />
        <LanguageSwitcher />
      </header>
      <main className="auth-layout__main">
        <Card className="auth-card">
          <h1 className="auth-card__title">{props.title}</h1>
          {props.children}
        </Card>
        {props.footer && <div className="auth-layout__footer">{props.footer}</div>}
      </main>
    </Layout>
  );
}
