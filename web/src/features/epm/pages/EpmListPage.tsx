import type { DeviceListItem, EndpointQuery, listStockDataloggers } from '@solar/contract';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { deviceDetailPath } from '../../../shared/routing/device-links';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { useEpmDevices } from '../api';
import { EpmSettingsForm } from '../components/EpmSettingsForm';
import { GridAgainstLimit } from '../components/GridAgainstLimit';
import { ShareLinkButton } from '../components/ShareLinkButton';

type EpmFilters = Partial<Pick<EndpointQuery<typeof listStockDataloggers>, 'keyword'>>;

const numberOf = (value: DeviceListItem['values'][string] | undefined) =>
  typeof value === 'number' ? value : null;

/**
 * `/device/epm`: the EPMs the caller sees, live grid power against each export limit; the SN
 * opens the device's detail page (values, day curves and the same controls).
 */
export default function EpmListPage(): ReactNode {
  const { t } = useTranslation(['epm', 'menu']);
  const list = useListState<EpmFilters>();
  const devices = useEpmDevices({ page: list.page, size: list.size, ...list.filters });
  return (
    <ListPage<DeviceListItem, EpmFilters>
      title={t('menu:epm')}
      list={list}
      rows={devices}
      rowKey={(row) => row.sn}
      filters={[{ kind: 'search', key: 'keyword', label: t('list.search') }]}
      columns={[
        {
          key: 'sn',
          title: t('list.sn'),
          value: (row) => <Link to={deviceDetailPath('epm', row.sn)}>{row.alias ?? row.sn}</Link>,
        },
        { key: 'plant', title: t('list.plant'), value: (row) => row.plantName ?? '-' },
        {
          key: 'status',
          title: t('list.status'),
          value: (row) => <StatusTag status={row.status} />,
        },
        {
          key: 'grid',
          title: t('list.grid'),
          value: (row) => (
            <GridAgainstLimit
              pGridW={numberOf(row.values.p_grid_w)}
              exportLimitW={numberOf(row.values.export_limit_w)}
            />
          ),
        },
      ]}
      expandedRow={(row) => <EpmPanel sn={row.sn} />}
    />
  );
}

/** One EPM's controls: its export limitation and its public realtime link. */
export function EpmPanel({ sn }: { sn: string }): ReactNode {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <EpmSettingsForm sn={sn} />
      <ShareLinkButton sn={sn} />
    </Space>
  );
}
