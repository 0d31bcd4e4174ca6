import {
  DEVICE_FAMILIES,
  DEVICE_STATUSES,
  type DeviceListItem,
  type GenericFamilyId,
  type EndpointQuery,
  type FamilyEndpoints,
} from '@solar/contract';
import { Space, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { ExportButton } from '../../exports/ExportButton';
import { usePlantOptions } from '../../inverters/api';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { useFamilyList } from '../api';
import { valueLabel, valueText } from '../format';
import { deviceDetailPath } from '../../../shared/routing/device-links';
import { plantMoment } from '../../../shared/format/formatters';

type FamilyFilters = Partial<
  Pick<EndpointQuery<FamilyEndpoints['list']>, 'plantId' | 'status' | 'keyword'>
>;

/** One family's devices: SN, alias, plant, the family's key values, warnings and status. */
export function FamilyList(props: { family: GenericFamilyId; title: ReactNode }): ReactNode {
  const { t } = useTranslation(['devices', 'plants']);
  const { family } = props;
  const list = useListState<FamilyFilters>();
  const plants = usePlantOptions().data?.infos ?? [];
  const rows = useFamilyList(family, {
    query: { page: list.page, size: list.size, ...list.filters },
  });
  const { valueFields } = DEVICE_FAMILIES[family];

  return (
    <ListPage<DeviceListItem, FamilyFilters>
      title={props.title}
      list={list}
      rows={rows}
      rowKey={(row) => row.sn}
      columns={[
        {
          key: 'sn',
          title: t('field.sn'),
          value: (row) => (
            <Space>
              <Link to={deviceDetailPath(family, row.sn)}>{row.sn}</Link>
              {row.warnings.length > 0 && (
                <Tooltip
                  title={row.warnings
                    .map((w) =>
                      t(`warning.${w.code}`, { value: valueLabel(valueFields, w.key, t) }),
                    )
                    .join(' ')}
                >
                  <WarningOutlined style={{ color: '#faad14' }} aria-label={t('warningLabel')} />
                </Tooltip>
              )}
            </Space>
          ),
        },
        { key: 'alias', title: t('field.alias'), value: (row) => row.alias ?? '-' },
        { key: 'plant', title: t('field.plant'), value: (row) => row.plantName ?? '-' },
        ...valueFields.map((field) => ({
          key: field.key,
          title: valueLabel(valueFields, field.key, t),
          value: (row: DeviceListItem) =>
            valueText(field.format, field.key, row.values[field.key], t),
        })),
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
          label: t('field.plant'),
          options: plants.map((plant) => ({ value: plant.id, label: plant.name })),
        },
        {
          kind: 'select',
          key: 'status',
          label: t('field.status'),
          options: DEVICE_STATUSES.map((status) => ({
            value: status,
            label: t(`plants:status.${status}`),
          })),
        },
        { kind: 'search', key: 'keyword', label: t('keyword') },
      ]}
      toolbar={[
        {
          kind: 'custom',
          label: 'export-centre',
          permission: DEVICE_FAMILIES[family].permission,
          render: () => (
            <ExportButton
              selection={{ kind: 'devices', family, ...list.filters }}
              permission={DEVICE_FAMILIES[family].permission}
            />
          ),
        },
      ]}
    />
  );
}
