import type { VideoAlarmClipRow } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plantMoment } from '../../../shared/format/formatters';
import { useAlarmClips } from '../api';
import { AlarmClipButton } from './AlarmClipButton';
import { diskUse } from './disk-use';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

/** The clips kept around alarms (30 s before to 60 s after), newest first, to download. */
export function AlarmClipsPanel(): ReactNode {
  const { t } = useTranslation('video');
  const clips = useAlarmClips();
  return (
    <ResponsiveTable<VideoAlarmClipRow>
      rowKey="id"
      size="small"
      loading={clips.isLoading}
      dataSource={clips.data?.infos ?? []}
      locale={{ emptyText: t('alarmClips.empty') }}
      columns={[
        {
          title: t('alarmClips.at'),
          render: (_, row) => plantMoment(row.startsAt, row.plantTimeZone),
        },
        { title: t('alarmClips.plant'), dataIndex: 'plantName' },
        { title: t('alarmClips.camera'), dataIndex: 'cameraName' },
        {
          title: t('alarmClips.event'),
          render: (_, row) => `${row.eventLevel} ${row.eventCode}`,
        },
        { title: t('alarmClips.size'), render: (_, row) => diskUse(row.sizeBytes) },
        { title: '', render: (_, row) => <AlarmClipButton clipId={row.id} /> },
      ]}
    />
  );
}
