import { BookOutlined, CheckOutlined, DownloadOutlined, ToolOutlined } from '@ant-design/icons';
import type { EventInfo, EndpointQuery, listEvents } from '@solar/contract';
import { App, Tag, Tooltip, Typography } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ListPage } from '../../../shared/list-page/ListPage';
import { ExportButton } from '../../exports/ExportButton';
import { useListState } from '../../../shared/list-page/useListState';
import { useDeviceTypes } from '../../../shared/dictionaries/device-types';
import { downloadEventsCsv, useAcknowledgeEvents, useEvents, usePlantOptions } from '../api';
import { durationText } from '../../../shared/format/duration';
import { amountsText, energyText, plantMoment } from '../../../shared/format/formatters';
import { EVENT_LEVEL_COLOURS, useEventLevels } from '../levels';

/**
 * The new-work-order link for the selected alarms, when they are all of one plant: the work
 * orders page opens its dialog with them (`WorkOrdersPage`'s seed).
 */
function workOrderLink(selected: EventInfo[]): string | null {
  const [first] = selected;
  if (!first || selected.some((event) => event.plantId !== first.plantId)) return null;
  const search = new URLSearchParams({
    plantId: String(first.plantId),
    eventIds: selected.map((event) => event.id).join(','),
    title: `${first.description || first.code} · ${first.sn}`,
  });
  return `/work-orders?${search.toString()}`;
}

type EventFilters = Partial<
  Pick<
    EndpointQuery<typeof listEvents>,
    'plantId' | 'level' | 'deviceKind' | 'status' | 'from' | 'to' | 'keyword'
  >
>;

/** A push notification's link names the plant and the device (`?plantId=3&keyword=SN`). */
function filtersOfLink(search: URLSearchParams): EventFilters {
  const plantId = Number(search.get('plantId'));
  const keyword = search.get('keyword');
  return {
    ...(Number.isInteger(plantId) && plantId > 0 ? { plantId } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** Every event of the plants the user may see: filter, acknowledge, export. */
export default function EventsPage(): ReactNode {
  const { t } = useTranslation(['events', 'menu', 'workOrders', 'alarms']);
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const list = useListState<EventFilters>(filtersOfLink(search));
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const events = useEvents({ page: list.page, size: list.size, ...list.filters });
  const plants = usePlantOptions().data?.infos ?? [];
  const acknowledge = useAcknowledgeEvents();
  const levels = useEventLevels();
  const deviceTypes = useDeviceTypes();
  const [isExporting, setExporting] = useState(false);
  const navigate = useNavigate();
  const selectedKeySet = new Set(selectedKeys.map(Number));
  const newWorkOrder = workOrderLink(
    (events.data?.infos ?? []).filter((event) => selectedKeySet.has(event.id)),
  );

  const onAcknowledge = async () => {
    const ids = selectedKeys.map(Number);
    const answer = await acknowledge.mutateAsync({ body: { ids } });
    setSelectedKeys([]);
    void message.success(t('acknowledge.done', { count: answer.acknowledged.length }));
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadEventsCsv(list.filters);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage<EventInfo, EventFilters>
      title={t('menu:event')}
      list={list}
      rows={events}
      rowKey={(row) => row.id}
      selection={{ selectedKeys, onChange: setSelectedKeys }}
      expandedRow={(row) => (
        <Typography.Paragraph style={{ margin: 0 }}>
          <strong>{t('columns.suggestion')}: </strong>
          {row.suggestion || '-'}
        </Typography.Paragraph>
      )}
      columns={[
        {
          key: 'level',
          title: t('columns.level'),
          value: (row) => (
            <Tag color={EVENT_LEVEL_COLOURS[row.level]} title={levels.nameOf(row.level)}>
              {row.level}
            </Tag>
          ),
        },
        { key: 'code', title: t('columns.code'), value: (row) => row.code },
        { key: 'description', title: t('columns.description'), value: (row) => row.description },
        { key: 'sn', title: t('columns.device'), value: (row) => row.sn },
        {
          key: 'deviceKind',
          title: t('columns.deviceKind'),
          value: (row) => deviceTypes.nameOf(row.deviceKind),
        },
        {
          key: 'plant',
          title: t('columns.plant'),
          value: (row) => <Link to={`/plants/overview/${row.plantId}`}>{row.plantName}</Link>,
        },
        {
          key: 'start',
          title: t('columns.start'),
          value: (row) => plantMoment(row.startTime, row.timeZone),
        },
        {
          key: 'end',
          title: t('columns.end'),
          value: (row) =>
            row.endTime ? (
              plantMoment(row.endTime, row.timeZone)
            ) : (
              <Tag color="red">{t('status.open')}</Tag>
            ),
        },
        {
          key: 'duration',
          title: t('columns.duration'),
          value: (row) => durationText(row.startTime, row.endTime),
        },
        {
          key: 'lostEnergy',
          title: t('alarms:lostEnergy'),
          value: (row) =>
            row.lostEnergy
              ? `${energyText(row.lostEnergy.kWh)} · ${amountsText([
                  { amount: row.lostEnergy.value, currency: row.lostEnergy.currency },
                ])}`
              : null,
        },
        {
          key: 'acknowledged',
          title: t('columns.acknowledged'),
          value: (row) =>
            row.isAcknowledged ? (
              <Tooltip
                title={
                  row.acknowledgedAt ? plantMoment(row.acknowledgedAt, row.timeZone) : undefined
                }
              >
                <Tag color="green" icon={<CheckOutlined />}>
                  {row.acknowledgedBy ?? t('acknowledge.yes')}
                </Tag>
              </Tooltip>
            ) : null,
        },
      ]}
      filters={[
        ...(plants.length > 0
          ? [
              {
                kind: 'select' as const,
                key: 'plantId' as const,
                label: t('filters.plant'),
                options: plants.map((plant) => ({ value: plant.id, label: plant.name })),
              },
            ]
          : []),
        {
          kind: 'select',
          key: 'level',
          label: t('filters.level'),
          options: levels.options,
        },
        {
          kind: 'select',
          key: 'deviceKind',
          label: t('filters.deviceKind'),
          options: deviceTypes.options,
        },
        {
          kind: 'select',
          key: 'status',
          label: t('filters.status'),
          options: [
            { value: 'open', label: t('status.open') },
            { value: 'closed', label: t('status.closed') },
          ],
        },
        // Dates: the endpoint reads each in the zone of its event's plant.
        {
          kind: 'dateRange',
          key: 'from',
          toKey: 'to',
          label: t('filters.date'),
          yields: 'dates',
        },
        { kind: 'search', key: 'keyword', label: t('filters.keyword') },
      ]}
      toolbar={[
        {
          kind: 'button',
          label: t('acknowledge.button', { count: selectedKeys.length }),
          permission: 'event.view',
          icon: <CheckOutlined />,
          isDisabled: selectedKeys.length === 0,
          isLoading: acknowledge.isPending,
          onClick: () => void onAcknowledge(),
        },
        {
          kind: 'button',
          label: t('workOrders:fromAlarms'),
          permission: 'workorder.edit',
          icon: <ToolOutlined />,
          isDisabled: newWorkOrder === null,
          onClick: () => {
            if (newWorkOrder) void navigate(newWorkOrder);
          },
        },
        {
          kind: 'button',
          label: t('export'),
          permission: 'event.view',
          icon: <DownloadOutlined />,
          isLoading: isExporting,
          onClick: () => void onExport(),
        },
        {
          kind: 'custom',
          label: 'export-centre',
          permission: 'event.view',
          render: () => (
            <ExportButton selection={{ kind: 'events', ...list.filters }} permission="event.view" />
          ),
        },
        {
          kind: 'link',
          label: t('menu:eventDescriptions'),
          permission: 'event.view',
          to: '/device/event/descriptions',
          icon: <BookOutlined />,
        },
      ]}
    />
  );
}
