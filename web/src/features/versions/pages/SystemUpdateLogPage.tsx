import { toServerLanguage, versionTimeline, type EndpointQuery } from '@solar/contract';
import { Pagination, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { currentLocale } from '../../../shared/i18n/locale';
import type { FilterSpec } from '../../../shared/list-page/list-spec';
import { ListToolbar } from '../../../shared/list-page/ListToolbar';
import { type ListState, useListState } from '../../../shared/list-page/useListState';
import { PageCard } from '../../../shared/ui/PageCard';
import { ExportButton } from '../../exports/ExportButton';
import { VersionTimeline } from '../components/VersionTimeline';

type VersionLogFilters = Partial<
  Pick<EndpointQuery<typeof versionTimeline>, 'version' | 'from' | 'to'>
>;

const isFiltered = (list: ListState<VersionLogFilters>) =>
  Object.values(list.filters).some((value) => value !== undefined);

/**
 * /logging: the system update history, newest first, a page of release notes at a time,
 * filtered by version name and release days; every signed-in user reads and exports it.
 */
export default function SystemUpdateLogPage(): ReactNode {
  const { t } = useTranslation(['versions', 'menu']);
  const list = useListState<VersionLogFilters>();
  const timeline = useApiQuery(versionTimeline, {
    query: {
      lan: toServerLanguage(currentLocale()),
      page: list.page,
      size: list.size,
      ...list.filters,
    },
  });
  const filters: FilterSpec<VersionLogFilters>[] = [
    { kind: 'search', key: 'version', label: t('search') },
    // The browser's days, like the release days the timeline shows.
    { kind: 'dateRange', key: 'from', toKey: 'to', label: t('released'), yields: 'instants' },
  ];
  const total = timeline.data?.total ?? 0;
  return (
    <PageCard
      title={t('menu:systemUpdateLog')}
      extra={
        <Space wrap>
          <ListToolbar filters={filters} actions={[]} list={list} onCreate={() => undefined} />
          <ExportButton selection={{ kind: 'versionLog', ...list.filters }} permission={null} />
        </Space>
      }
    >
      <Spin spinning={timeline.isPending}>
        <VersionTimeline items={timeline.data?.infos} isFiltered={isFiltered(list)} />
        {total > 0 && <Pagination align="end" {...list.paginationFor(total)} />}
      </Spin>
    </PageCard>
  );
}
