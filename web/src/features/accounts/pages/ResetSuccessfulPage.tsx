import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../auth/components/AuthLayout';

export default function ResetSuccessfulPage(): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('resetSuccessful.title')}>
      <Result
        status="success"
        title={t('resetSuccessful.title')}
        subTitle={t('resetSuccessful.description')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('resetSuccessful.toLogin')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
