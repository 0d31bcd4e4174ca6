import {
  type VideoDeviceDetail,
  type VideoDeviceRow,
  type VideoSpaceRow,
  videoSpaceRow,
} from '@solar/contract';
import type { Row } from '../db/schema.js';

export function presentSpace(row: {
  id: number;
  name: string;
  retention_days: number;
  alarm_levels: string[];
  device_count: string | null;
  disk_bytes: number;
}): VideoSpaceRow {
  return {
    id: row.id,
    name: row.name,
    retentionDays: row.retention_days,
    // The column's check admits only level letters.
    alarmLevels: videoSpaceRow.shape.alarmLevels.parse(row.alarm_levels),
    deviceCount: Number(row.device_count ?? 0),
    diskBytes: row.disk_bytes,
  };
}

type DeviceWithChannels = Row<'video_devices'> & {
  plant_name: string | null;
  channels: Pick<Row<'video_channels'>, 'id' | 'number' | 'name' | 'is_online' | 'alarm_preset'>[];
};

export function presentDevice(row: DeviceWithChannels): VideoDeviceRow {
  return {
    id: row.id,
    deviceId: row.device_id,
    spaceId: row.space_id,
    name: row.name,
    plantId: row.plant_id,
    plantName: row.plant_name,
    protocol: row.protocol,
    gbId: row.gb_id,
    isOnline: row.channels.some((channel) => channel.is_online),
    channels: row.channels.map((channel) => ({
      id: channel.id,
      number: channel.number,
      name: channel.name,
      isOnline: channel.is_online,
      alarmPreset: channel.alarm_preset,
    })),
  };
}

export function presentDeviceDetail(
  row: DeviceWithChannels & { push_urls: VideoDeviceDetail['pushUrls'] },
): VideoDeviceDetail {
  return { ...presentDevice(row), streamUrl: row.stream_url, pushUrls: row.push_urls };
}
