import { NoticeStatus, viewNotice } from '@solar/contract';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { currentLocale } from '../../../shared/i18n/locale';
import { noticeLanguageFor, noticeQueryDate, noticeText, noticeTitle } from '../notice-text';

/** The notice in effect when the shell loads; shown only when its status is 0 (publishing). */
export function NoticeModal(): ReactNode {
  const { t } = useTranslation('common');
  const [query] = useState(() => ({ date: noticeQueryDate(new Date()), scope: '0' }));
  const notice = useApiQuery(viewNotice, { query, quiet: true }, { staleTime: Infinity }).data;
  const [isDismissed, setIsDismissed] = useState(false);
  if (!notice || notice.status !== NoticeStatus.publishing) return null;
  const text = noticeText(notice, noticeLanguageFor(currentLocale()));
  const close = (): void => setIsDismissed(true);
  return (
    <Modal
      open={!isDismissed}
      width={700}
      title={noticeTitle(notice, t)}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('actions.confirm')}
        </Button>
      }
    >
      <Typography.Paragraph>{text.description}</Typography.Paragraph>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('notice.timeRange')}>{text.timeRange}</Descriptions.Item>
        <Descriptions.Item label={t('notice.duration')}>{text.duration}</Descriptions.Item>
      </Descriptions>
      {text.suggestions.length > 0 && (
        <ul className="notice-suggestions">
          {text.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
