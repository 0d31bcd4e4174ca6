import {
  DEVICE_STATUSES,
  INVERTER_MODELS,
  inverterCount,
  listInverters,
  type InverterListItem,
  type EndpointQuery,
} from '@solar/contract';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../../shared/api/hooks';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { energyText, plantMoment, powerFromWatts } from '../../../shared/format/formatters';
import { useDeleteInverter, usePlantOptions } from '../api';
import { InverterAliasModal } from '../components/InverterAliasModal';
import { inverterPath, modelText } from '../links';

type InverterFilters = Partial<
  Pick<EndpointQuery<typeof listInverters>, 'plantId' | 'status' | 'model' | 'keyword'>
>;

/** `/device/inverter`: every inverter the caller sees, with counts per status. */
export default function InverterListPage(): ReactNode {
  const { t } = useTranslation(['inverters', 'plants', 'menu']);
  const list = useListState<InverterFilters>();
  const plants = usePlantOptions().data?.infos ?? [];
  const deleteInverter = useDeleteInverter();
  // The counts split by status, so the status filter does not narrow them.
  const countFilters = { ...list.filters, status: undefined };
  const inverters = useApiQuery(listInverters, {
    query: { page: list.page, size: list.size, ...list.filters },
  });
  const counts = useApiQuery(inverterCount, { query: countFilters });

  return (
    <>
      {counts.data && (
        <Space wrap style={{ marginBottom: 12 }} aria-label={t('count.label')}>
          <Typography.Text>{t('count.total', { count: counts.data.total })}</Typography.Text>
          {DEVICE_STATUSES.map((status) => (
            <span key={status}>
              <StatusTag status={status} /> {counts.data.byStatus[status] ?? 0}
            </span>
          ))}
        </Space>
      )}
      <ListPage<InverterListItem, InverterFilters>
        title={t('menu:inverter')}
        list={list}
        rows={inverters}
        rowKey={(row) => row.sn}
        columns={[
          {
            key: 'sn',
            title: t('field.sn'),
            value: (row) => <Link to={inverterPath(row.sn)}>{row.sn}</Link>,
          },
          { key: 'alias', title: t('field.alias'), value: (row) => row.alias ?? '-' },
          { key: 'plant', title: t('field.plant'), value: (row) => row.plantName ?? '-' },
          {
            key: 'model',
            title: t('field.model'),
            value: (row) => modelText(row, t('model.unknown')),
          },
          {
            key: 'rated',
            title: t('field.ratedPower'),
            value: (row) =>
              row.ratedPowerKw === null ? '-' : powerFromWatts(row.ratedPowerKw * 1000),
          },
          { key: 'power', title: t('field.power'), value: (row) => powerFromWatts(row.powerW) },
          { key: 'today', title: t('field.today'), value: (row) => energyText(row.todayKwh) },
          {
            key: 'status',
            title: t('field.status'),
            value: (row) => <StatusTag status={row.status} />,
          },
          {
            key: 'lastSeenAt',
            title: t('field.lastSeen'),
            value: (row) => (row.lastSeenAt ? plantMoment(row.lastSeenAt, row.timeZone) : '-'),
          },
        ]}
        filters={[
          {
            kind: 'select',
            key: 'plantId',
            label: t('filter.plant'),
            options: plants.map((plant) => ({ value: plant.id, label: plant.name })),
          },
          {
            kind: 'select',
            key: 'status',
            label: t('filter.status'),
            options: DEVICE_STATUSES.map((status) => ({
              value: status,
              label: t(`plants:status.${status}`),
            })),
          },
          {
            kind: 'select',
            key: 'model',
            label: t('filter.model'),
            options: INVERTER_MODELS.map((model) => ({ value: model.code, label: model.name })),
          },
          { kind: 'search', key: 'keyword', label: t('filter.keyword') },
        ]}
        rowActions={[
          { kind: 'edit', permission: 'inverter.alias' },
          {
            kind: 'delete',
            permission: 'inverter.delete',
            onConfirm: (row) =>
              deleteInverter.mutateAsync({ params: { sn: row.sn }, loading: true }),
          },
        ]}
        lockedRow={{ isLocked: (row) => !row.canManage }}
        renderForm={(control, row) => <InverterAliasModal {...control} inverter={row} />}
      />
    </>
  );
}
