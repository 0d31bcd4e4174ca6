import { MobileOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';

export default function AppDownloadPage(): ReactNode {
  const { t } = useTranslation('public');
  return (
    <PublicLayout>
      <Result
        icon={<MobileOutlined />}
        title={t('appDownload.title')}
        subTitle={t('appDownload.description')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('appDownload.openPortal')}</Button>
          </Link>
        }
      />
    </PublicLayout>
  );
}
