import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function AuthFooterLinks(): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <Space separator="|" wrap>
      <Link to="/agreement">{t('links.agreement')}</Link>
      <Link to="/app/download">{t('links.appDownload')}</Link>
      <a href="/download-center" target="_blank" rel="noopener">
        {t('links.downloadCenter')}
      </a>
    </Space>
  );
}
