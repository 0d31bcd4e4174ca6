import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from './PublicLayout';

/** The 403 and 404 pages: the status, what it means, and a way home. */
export function StatusPage(props: { status: '403' | '404'; description: string }): ReactNode {
  const { t } = useTranslation('public');
  return (
    <PublicLayout>
      <Result
        status={props.status}
        title={props.status}
        subTitle={props.description}
        extra={
          <Link to="/">
            <Button type="primary">{t('backHome')}</Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
