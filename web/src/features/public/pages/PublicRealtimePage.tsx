import { ErrorCode, publicRealtime } from '@solar/contract';
import { Alert, Card, Descriptions, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../../shared/api/hooks';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { PublicLayout } from '../components/PublicLayout';
import { readerMoment, readingText } from '../../../shared/format/formatters';

const POLL_MS = 10_000;

/**
 * /inv-realtime and /epm-realtime: a device's live values for whoever holds a share link
 * (`?token=`). Without a valid token (expired, altered, guessed) it shows only that the link
 * is expired or invalid.
 */
export default function PublicRealtimePage(): ReactNode {
  return (
    <QueryProvider>
      <PublicRealtime />
    </QueryProvider>
  );
}

function PublicRealtime(): ReactNode {
  const { t } = useTranslation('public');
  const token = useSearchParams()[0].get('token') ?? '';
  const realtime = useApiQuery(
    publicRealtime,
    { query: { token }, quiet: true },
    { enabled: token.length > 0, refetchInterval: POLL_MS, retry: false },
  );
  const isInvalid =
    token.length === 0 || realtime.error?.code === ErrorCode.shareLinkInvalid || realtime.isError;
  const device = realtime.data;
  return (
    <PublicLayout>
      <Card
        title={<h1 style={{ fontSize: 20, margin: 0 }}>{device?.name ?? t('realtime.title')}</h1>}
      >
        {isInvalid ? (
          <Alert type="warning" showIcon message={t('realtime.invalid')} />
        ) : (
          <Spin spinning={realtime.isPending}>
            {device && (
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('realtime.status')}>{device.status}</Descriptions.Item>
                <Descriptions.Item label={t('realtime.updated')}>
                  {device.ts ? readerMoment(device.ts, 'second') : '-'}
                </Descriptions.Item>
                {Object.entries(device.values)
                  .filter(([, value]) => typeof value !== 'object')
                  .map(([key, value]) => (
                    <Descriptions.Item key={key} label={key}>
                      {typeof value === 'number' ? readingText(value) : String(value)}
                    </Descriptions.Item>
                  ))}
                <Descriptions.Item label={t('realtime.expires')}>
                  {readerMoment(device.expiresAt)}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Spin>
        )}
      </Card>
    </PublicLayout>
  );
}
