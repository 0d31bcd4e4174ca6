import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDownload } from '../api';
import { DownloadFiles } from '../components/DownloadFiles';
import { PublishDownloadDialog } from '../components/PublishDownloadDialog';

/** `/management/downloads`: the platform administrator publishes and withdraws files. */
export default function DownloadFilesAdminPage(): ReactNode {
  const { t } = useTranslation('public');
  const [isPublishing, setPublishing] = useState(false);
  const remove = useDeleteDownload();
  return (
    <Card
      title={t('downloadCenter.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
          {t('downloadCenter.publish')}
        </Button>
      }
    >
      <DownloadFiles
        actions={(file) => (
          <Popconfirm
            title={t('downloadCenter.withdrawConfirm')}
            onConfirm={() => remove.mutate({ params: { id: file.id } })}
          >
            <Button size="small" danger>
              {t('downloadCenter.withdraw')}
            </Button>
          </Popconfirm>
        )}
      />
      <PublishDownloadDialog open={isPublishing} onClose={() => setPublishing(false)} />
    </Card>
  );
}
