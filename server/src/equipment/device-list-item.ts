import type { DeviceStatus } from '@solar/contract';
import { dayTimeZone } from '../plants/local-day.js';

/** What every device list reads of a device: the device, where it is, when it was last heard. */
export interface DeviceListRowBase {
  sn: string;
  alias: string | null;
  status: DeviceStatus;
  last_seen_at: Date | null;
  datalogger_sn: string;
  plant_id: number | null;
  plant_name: string | null;
  plant_time_zone: string | null;
}

/** The fields every device list item shares, whatever the family. */
export function presentDeviceListBase(row: DeviceListRowBase) {
  return {
    sn: row.sn,
    alias: row.alias,
    plantId: row.plant_id,
    plantName: row.plant_name,
    dataloggerSn: row.datalogger_sn,
    status: row.status,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    timeZone: dayTimeZone(row.plant_time_zone),
  };
}
