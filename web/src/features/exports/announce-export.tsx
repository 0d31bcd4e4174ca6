import type { DownloadRecord } from '@solar/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale, htmlLang } from '../../shared/i18n/locale';
import { downloadExport } from './api';

/** A moment of a download record (created, expires, next run) in the reader's language. */
export function recordTimeText(iso: string | null): string {
  if (iso === null) return '-';
  return new Intl.DateTimeFormat(htmlLang(currentLocale()), {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

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
