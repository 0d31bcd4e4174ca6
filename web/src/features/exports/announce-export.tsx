import type { DownloadRecord } from '@solar/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadExport } from './api';

/** Tells the user that a watched export is ready (with its download) or failed. */
export function useAnnounceExport(): (record: DownloadRecord) => void {
  const { t } = useTranslation('exports');
  const { notification } = App.useApp();
  return (record) => {
    if (record.status === 'failed') {
      notification.error({ message: t('failed'), description: record.fileName });
      return;
    }
    notification.success({
      message: t('ready'),
      description: record.fileName,
      duration: 0,
      actions: (
        <Button type="primary" size="small" onClick={() => void downloadExport(record.id)}>
          {t('download')}
        </Button>
      ),
    });
  };
}
