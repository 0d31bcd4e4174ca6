import { DEVICE_FAMILIES, type DeviceStatus, type GenericFamilyId } from '@solar/contract';
import type { VisibleDevice } from '../equipment/device-access.js';
import { deviceValuesOf, deviceWarningsOf, pickValues } from './device-values.js';

interface DeviceListRow {
  sn: string;
  alias: string | null;
  status: DeviceStatus;
  last_seen_at: Date | null;
  last_values: unknown;
  datalogger_sn: string;
  plant_id: number | null;
  plant_name: string | null;
}

export function presentDeviceListItem(family: GenericFamilyId, row: DeviceListRow) {
  const values = deviceValuesOf(family, row.last_values);
  return {
    sn: row.sn,
    alias: row.alias,
    plantId: row.plant_id,
    plantName: row.plant_name,
    dataloggerSn: row.datalogger_sn,
    status: row.status,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    values: pickValues(values, DEVICE_FAMILIES[family].valueFields),
    warnings: deviceWarningsOf(family, row.last_values),
  };
}

export function presentDeviceDetail(
  family: GenericFamilyId,
  found: VisibleDevice,
  timeZone: string,
  today: string,
) {
  const { device } = found;
  return {
    sn: device.sn,
    alias: device.alias,
    kind: device.kind,
    status: device.status,
    model: device.model_code,
    lastSeenAt: device.last_seen_at?.toISOString() ?? null,
    createdAt: device.created_at.toISOString(),
    values: deviceValuesOf(family, device.last_values),
    warnings: deviceWarningsOf(family, device.last_values),
    dataloggerSn: device.datalogger_sn,
    plant:
      device.plant_id !== null && device.plant_name !== null
        ? { id: device.plant_id, name: device.plant_name }
        : null,
    timeZone,
    today,
    canManage: found.level === 'manage',
  };
}
