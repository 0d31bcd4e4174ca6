import { toServerLanguage, versionTimeline } from '@solar/contract';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { currentLocale } from '../../../shared/i18n/locale';
import { PageCard } from '../../../shared/ui/PageCard';
import { VersionTimeline } from '../components/VersionTimeline';

/** /logging: the system update history, newest first. */
export default function SystemUpdateLogPage(): ReactNode {
  const { t } = useTranslation('menu');
  const timeline = useApiQuery(versionTimeline, {
    query: { lan: toServerLanguage(currentLocale()), page: 1, size: 50 },
  });
  return (
    <PageCard title={t('systemUpdateLog')}>
      <Spin spinning={timeline.isPending}>
        <VersionTimeline items={timeline.data?.infos} />
      </Spin>
    </PageCard>
  );
}
