import { DEVICE_FAMILIES, type GenericFamilyId } from '@solar/contract';
import type { VisibleDevice } from '../equipment/device-access.js';
import { type DeviceListRowBase, presentDeviceListBase } from '../equipment/device-list-item.js';
import { deviceValuesOf, deviceWarningsOf, pickValues } from './device-values.js';

interface DeviceListRow extends DeviceListRowBase {
  last_values: unknown;
}

export function presentDeviceListItem(family: GenericFamilyId, row: DeviceListRow) {
  const values = deviceValuesOf(family, row.last_values);
  return {
    ...presentDeviceListBase(row),
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
