import {
  CAMPAIGN_STATUSES,
  type CampaignSummary,
  type EndpointQuery,
  type listCampaigns,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListPage } from '../../../shared/list-page/ListPage';
import type { ColumnSpec } from '../../../shared/list-page/list-spec';
import { useListState } from '../../../shared/list-page/useListState';
import { useCampaigns } from '../api';
import { CampaignProgress, CampaignStatusTag } from './campaign-status';
import { readerMoment } from '../../../shared/format/formatters';

type Filters = Partial<Pick<EndpointQuery<typeof listCampaigns>, 'status'>>;

function columns(t: (key: string) => string): ColumnSpec<CampaignSummary>[] {
  return [
    {
      key: 'name',
      title: t('campaigns.fields.name'),
      value: (c) => <Link to={`/firmware/campaign?id=${c.id}`}>{c.name}</Link>,
    },
    { key: 'version', title: t('fields.version'), value: (c) => c.toVersion },
    { key: 'status', title: t('log.status'), value: (c) => <CampaignStatusTag campaign={c} /> },
    { key: 'wave', title: t('campaigns.fields.wave'), value: (c) => c.currentWave },
    { key: 'devices', title: t('campaigns.fields.devices'), value: (c) => c.totalDevices },
    { key: 'failed', title: t('campaigns.deviceStatuses.failed'), value: (c) => c.counts.failed },
    {
      key: 'progress',
      title: t('log.progress'),
      value: (c) => <CampaignProgress campaign={c} />,
    },
    {
      key: 'window',
      title: t('campaigns.fields.window'),
      value: (c) => t(`campaigns.windows.${c.window.mode}`),
    },
    {
      key: 'createdAt',
      title: t('log.createdAt'),
      value: (c) => readerMoment(c.createdAt),
    },
  ];
}

/** `/firmware/campaigns`: every upgrade campaign with its state and progress, live. */
export default function CampaignsPage(): ReactNode {
  const { t } = useTranslation(['firmware', 'menu']);
  const list = useListState<Filters>();
  const rows = useCampaigns({
    page: list.page,
    size: list.size,
    status: list.filters.status,
  });
  return (
    <ListPage<CampaignSummary, Filters>
      title={t('menu:upgradeCampaigns')}
      list={list}
      rows={rows}
      rowKey={(c) => c.id}
      columns={columns(t)}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: t('log.status'),
          options: CAMPAIGN_STATUSES.map((status) => ({
            value: status,
            label: t(`campaigns.statuses.${status}`),
          })),
        },
      ]}
      toolbar={[]}
    />
  );
}
