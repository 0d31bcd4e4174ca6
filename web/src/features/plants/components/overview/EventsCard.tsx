import { Card, Segmented, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../../shared/permissions/PermissionContext';
import { EVENT_LEVEL_COLOURS } from '../../../events/levels';
import { useEventClips } from '../../../video/api';
import { AlarmClipButton } from '../../../video/components/AlarmClipButton';
import { type PlantEventsQuery, type PlantLive, usePlantEvents } from '../../api';
import { plantMoment } from '../../../../shared/format/formatters';
import { ResponsiveTable } from '../../../../shared/ui/ResponsiveTable';

type PlantEventRow = NonNullable<ReturnType<typeof usePlantEvents>['data']>['infos'][number];
type EventFilter = 'all' | 'open' | 'closed';

/** Event times are the plant's: shown on its clock with its zone ("23 Nov 2026, 11:03 PST"). */
interface EventsCardProps {
  id: number;
  timeZone: string;
  counts: PlantLive['eventCount'];
}

export function EventsCard({ id, timeZone, counts }: EventsCardProps) {
  const { t } = useTranslation(['plants', 'video']);
  const formatTime = (value: string | null) => (value ? plantMoment(value, timeZone) : '-');
  const [filter, setFilter] = useState<EventFilter>('all');
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const query: Omit<PlantEventsQuery, 'lan'> = {
    ...paging,
    ...(filter === 'all' ? {} : { status: filter }),
  };
  const { data, isFetching } = usePlantEvents(id, query);
  const canViewVideo = usePermission('video.view');
  const clips = useEventClips(id, canViewVideo);

  const columns: TableProps<PlantEventRow>['columns'] = [
    {
      key: 'level',
      dataIndex: 'levelLetter',
      title: t('event.level'),
      render: (_, row) => <Tag color={EVENT_LEVEL_COLOURS[row.levelLetter]}>{row.levelLetter}</Tag>,
    },
    { key: 'code', dataIndex: 'code', title: t('event.code') },
    { key: 'text', dataIndex: 'text', title: t('event.text') },
    // The advice is read whole: it wraps in its column instead of ending in an ellipsis.
    { key: 'suggestion', dataIndex: 'suggestion', title: t('event.suggestion'), width: 240 },
    { key: 'deviceSn', dataIndex: 'deviceSn', title: t('device.sn') },
    { key: 'startedAt', dataIndex: 'startedAt', title: t('event.startedAt'), render: formatTime },
    {
      key: 'endedAt',
      dataIndex: 'endedAt',
      title: t('event.endedAt'),
      render: (_, row) =>
        row.isOpen ? <Tag color="red">{t('event.open')}</Tag> : formatTime(row.endedAt),
    },
  ];
  // The clip kept of the plant's cameras around an alarm (issue 17), where there is one.
  if (clips.size > 0) {
    columns.push({
      key: 'clip',
      title: t('video:tabs.alarmClips'),
      render: (_, row) => {
        const clipId = clips.get(row.id);
        return clipId === undefined ? null : <AlarmClipButton clipId={clipId} />;
      },
    });
  }

  return (
    <Card
      title={t('overview.events', {
        open: counts?.open ?? 0,
        recent: counts?.abnormalLastHour ?? 0,
      })}
      extra={
        <Segmented<EventFilter>
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={(['all', 'open', 'closed'] as const).map((value) => ({
            value,
            label: t(`event.filter.${value}`),
          }))}
        />
      }
    >
      <ResponsiveTable<PlantEventRow>
        rowKey="id"
        size="small"
        loading={isFetching && !data}
        columns={columns}
        dataSource={data?.infos ?? []}
        scroll={{ x: 900 }}
        onChange={(pagination) =>
          setPaging({ page: pagination.current ?? 1, size: pagination.pageSize ?? paging.size })
        }
        pagination={{ current: paging.page, pageSize: paging.size, total: data?.total ?? 0 }}
      />
    </Card>
  );
}
