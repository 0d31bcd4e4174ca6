import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';

export default function NotFoundPage(): ReactNode {
  const { t } = useTranslation('public');
  return (
    <PublicLayout>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Link to="/">
            <Button type="primary">{t('backHome')}</Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
