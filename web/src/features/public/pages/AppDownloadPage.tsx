import { MobileOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  installPrompt,
  onInstallPromptChange,
  promptInstall,
} from '../../../shared/pwa/install-prompt';
import { registerServiceWorker } from '../../../shared/pwa/service-worker';
import { QrCode } from '../../../shared/ui/QrCode';
import { PublicLayout } from '../components/PublicLayout';

const PLATFORMS = ['android', 'ios', 'desktop'] as const;

/** The install button, offered while the browser holds an install prompt for this app. */
function InstallButton(): ReactNode {
  const { t } = useTranslation('public');
  const canInstall = useSyncExternalStore(onInstallPromptChange, () => installPrompt() !== null);
  if (!canInstall) return null;
  return (
    <Button type="primary" onClick={() => void promptInstall()}>
      {t('appDownload.install')}
    </Button>
  );
}

/** /app/download: the portal installs as an app from the browser; how, per platform. */
export default function AppDownloadPage(): ReactNode {
  const { t } = useTranslation('public');
  const portalUrl = `${window.location.origin}/`;
  useEffect(() => registerServiceWorker(), []);
  return (
    <PublicLayout>
      <Result
        icon={<MobileOutlined />}
        title={t('appDownload.title')}
        subTitle={t('appDownload.description')}
        extra={
          <Space wrap>
            <InstallButton />
            <Link to="/login">
              <Button>{t('appDownload.openPortal')}</Button>
            </Link>
          </Space>
        }
      />
      <Space wrap align="start" style={{ justifyContent: 'center', width: '100%' }}>
        <Card title={t('appDownload.scanTitle')}>
          <QrCode text={portalUrl} alt={t('appDownload.qrAlt')} />
          <Typography.Paragraph copyable>{portalUrl}</Typography.Paragraph>
        </Card>
        <Card title={t('appDownload.howTitle')}>
          {PLATFORMS.map((platform) => (
            <Typography.Paragraph key={platform}>
              <Typography.Text strong>
                {t(`appDownload.platforms.${platform}.name`)}:{' '}
              </Typography.Text>
              {t(`appDownload.platforms.${platform}.steps`)}
            </Typography.Paragraph>
          ))}
        </Card>
      </Space>
    </PublicLayout>
  );
}
