import {
  type MaintenanceRecord,
  UPGRADE_STATUSES,
  type UpgradeStatus,
  type EndpointQuery,
  type listMaintenanceLog,
} from '@solar/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import type { ColumnSpec } from '../../../shared/list-page/list-spec';
import { useListState } from '../../../shared/list-page/useListState';
import { downloadMaintenanceCsv, useMaintenanceLog } from '../api';
import { readerMoment } from '../../../shared/format/formatters';

type Filters = Partial<
  Pick<EndpointQuery<typeof listMaintenanceLog>, 'sn' | 'status' | 'from' | 'to'>
>;

const STATUS_COLORS: Record<UpgradeStatus, string> = {
  scheduled: 'default',
  sending: 'processing',
  downloading: 'processing',
  installing: 'processing',
  succeeded: 'success',
  failed: 'error',
  canceled: 'warning',
};

const time = (value: string | null) => (value ? readerMoment(value, 'second') : '—');

function columns(t: (key: string) => string): ColumnSpec<MaintenanceRecord>[] {
  return [
    { key: 'createdAt', title: t('log.createdAt'), value: (r) => time(r.createdAt) },
    { key: 'sn', title: t('log.sn'), value: (r) => r.sn },
    { key: 'plant', title: t('log.plant'), value: (r) => r.plantName ?? '—' },
    { key: 'from', title: t('log.fromVersion'), value: (r) => r.fromVersion ?? '—' },
    { key: 'to', title: t('log.toVersion'), value: (r) => r.toVersion },
    { key: 'kind', title: t('log.kind'), value: (r) => t(`upgradeKinds.${r.kind}`) },
    { key: 'user', title: t('log.user'), value: (r) => r.user ?? '—' },
    {
      key: 'status',
      title: t('log.status'),
      value: (r) => <Tag color={STATUS_COLORS[r.status]}>{t(`statuses.${r.status}`)}</Tag>,
    },
    {
      key: 'progress',
      title: t('log.progress'),
      value: (r) => <Progress percent={r.percent} size="small" />,
    },
    {
      key: 'duration',
      title: t('log.duration'),
      value: (r) => (r.durationSeconds === null ? '—' : `${r.durationSeconds} s`),
    },
    { key: 'reason', title: t('log.reason'), value: (r) => r.failureReason ?? '—' },
  ];
}

/** `/log/maintenance`: every upgrade attempt, with filters and the CSV export. */
export default function MaintenanceLogPage(): ReactNode {
  const { t } = useTranslation(['firmware', 'menu']);
  const list = useListState<Filters>();
  const filters = {
    sn: list.filters.sn,
    status: list.filters.status,
    from: list.filters.from,
    to: list.filters.to,
  };
  const rows = useMaintenanceLog({ page: list.page, size: list.size, ...filters });
  return (
    <ListPage<MaintenanceRecord, Filters>
      title={t('menu:maintenanceLog')}
      list={list}
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns(t)}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: t('log.status'),
          options: UPGRADE_STATUSES.map((status) => ({
            value: status,
            label: t(`statuses.${status}`),
          })),
        },
        {
          kind: 'dateRange',
          key: 'from',
          toKey: 'to',
          label: t('log.date'),
          yields: 'instants',
        },
        { kind: 'search', key: 'sn', label: t('log.search') },
      ]}
      toolbar={[
        {
          kind: 'button',
          label: t('log.export'),
          permission: 'logger.upgrade.record',
          icon: <DownloadOutlined />,
          onClick: () => void downloadMaintenanceCsv(filters),
        },
      ]}
    />
  );
}
