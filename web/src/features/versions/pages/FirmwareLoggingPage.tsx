import { publicVersionTimeline, toServerLanguage } from '@solar/contract';
import { Card, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { currentLocale } from '../../../shared/i18n/locale';
import { PublicLayout } from '../../public/components/PublicLayout';
import { VersionTimeline } from '../components/VersionTimeline';

/** /firmwareLogging: the same history for readers without a session. */
export default function FirmwareLoggingPage(): ReactNode {
  return (
    <QueryProvider>
      <FirmwareLogging />
    </QueryProvider>
  );
}

function FirmwareLogging(): ReactNode {
  const { t } = useTranslation('menu');
  const timeline = useApiQuery(publicVersionTimeline, {
    query: { lan: toServerLanguage(currentLocale()), page: 1, size: 50 },
  });
  return (
    <PublicLayout>
      <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('systemUpdateLog')}</h1>}>
        <Spin spinning={timeline.isPending}>
          <VersionTimeline items={timeline.data?.infos} />
        </Spin>
      </Card>
    </PublicLayout>
  );
}
