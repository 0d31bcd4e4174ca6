import { ApiOutlined, HistoryOutlined, MobileOutlined } from '@ant-design/icons';
import { Card, List } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { DownloadFiles } from '../../download-center/components/DownloadFiles';
import { PublicLayout } from '../components/PublicLayout';

const RESOURCES = [
  { key: 'app', href: '/app/download', icon: <MobileOutlined /> },
  { key: 'updates', href: '/firmwareLogging', icon: <HistoryOutlined /> },
  { key: 'api', href: '/api/docs', icon: <ApiOutlined /> },
] as const;

export default function DownloadCenterPage(): ReactNode {
  const { t } = useTranslation('public');
  return (
    <PublicLayout>
      <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('downloadCenter.title')}</h1>}>
        <List
          dataSource={[...RESOURCES]}
          renderItem={(resource) => (
            <List.Item>
              <List.Item.Meta
                avatar={resource.icon}
                title={<a href={resource.href}>{t(`downloadCenter.${resource.key}.title`)}</a>}
                description={t(`downloadCenter.${resource.key}.description`)}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card
        title={<h2 style={{ fontSize: 18, margin: 0 }}>{t('downloadCenter.files')}</h2>}
        style={{ marginTop: 16 }}
      >
        <QueryProvider>
          <DownloadFiles />
        </QueryProvider>
      </Card>
    </PublicLayout>
  );
}
