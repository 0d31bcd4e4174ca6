import { Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permissions/Permit';
import { usePresets, useSetAlarmPreset, useVideoDevices } from '../api';

/** The stored preset the channel goes to on an alarm of its space's levels (`video.manage`). */
export function AlarmPresetSelect(props: { channelId: number }): ReactNode {
  const { t } = useTranslation('video');
  const presets = usePresets(props.channelId);
  const devices = useVideoDevices();
  const setAlarmPreset = useSetAlarmPreset();
  const channel = (devices.data?.infos ?? [])
    .flatMap((device) => device.channels)
    .find((row) => row.id === props.channelId);
  return (
    <Permit permission="video.manage">
      <Space className="video-presets">
        <Typography.Text>{t('ptz.alarmPreset')}</Typography.Text>
        <Select<number | null>
          className="video-preset-select"
          aria-label={t('ptz.alarmPreset')}
          value={channel?.alarmPreset ?? null}
          loading={setAlarmPreset.isPending}
          onChange={(number) =>
            setAlarmPreset.mutate({ params: { id: props.channelId }, body: { number } })
          }
          options={[
            { value: null, label: t('ptz.noAlarmPreset') },
            ...(presets.data?.infos ?? []).map((row) => ({
              value: row.number,
              label: `${row.number} · ${row.name}`,
            })),
          ]}
        />
      </Space>
    </Permit>
  );
}
