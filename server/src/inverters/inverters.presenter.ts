import { type InverterListItem, inverterModelOf, inverterRatedPowerKw } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { accessLevelOfDevice, type VisibleDevice } from '../equipment/device-access.js';
import { type DeviceListRowBase, presentDeviceListBase } from '../equipment/device-list-item.js';

interface InverterListRow extends DeviceListRowBase {
  model_code: string | null;
  rated_power_kw: string | number | null;
  plant_owner_user_id: number | null;
  plant_company_id: number | null;
  share_role: 'visitor' | 'manager' | null;
  power_w: number | string;
  today_kwh: number | string;
}

export function presentInverterListItem(auth: AuthContext, row: InverterListRow): InverterListItem {
  return {
    ...presentDeviceListBase(row),
    modelCode: row.model_code,
    modelName: inverterModelOf(row.model_code)?.name ?? null,
    ratedPowerKw: inverterRatedPowerKw(row.rated_power_kw, row.model_code),
    powerW: Number(row.power_w),
    todayKwh: Number(row.today_kwh),
    canManage: accessLevelOfDevice(auth, row) === 'manage',
  };
}

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function presentInverterDetail(
  found: VisibleDevice,
  figures: { timeZone: string; today: string; todayKwh: number; dcPeakKw: number | null },
) {
  const { timeZone, today, todayKwh, dcPeakKw } = figures;
  const { device } = found;
  const model = inverterModelOf(device.model_code);
  return {
    id: device.id,
    sn: device.sn,
    alias: device.alias,
    status: device.status,
    ratedPowerKw: inverterRatedPowerKw(device.rated_power_kw, device.model_code),
    dcPeakKw,
    isDcPeakKwSet: device.dc_peak_kw !== null,
    lastSeenAt: device.last_seen_at?.toISOString() ?? null,
    createdAt: device.created_at.toISOString(),
    lastValues: objectOf(device.last_values),
    todayKwh,
    model: {
      code: device.model_code,
      name: model?.name ?? null,
      ratedPowerKw: model?.ratedPowerKw ?? null,
      phases: model?.phases ?? null,
      topology: model?.topology ?? null,
      mpptCount: model?.mpptCount ?? null,
      settingsFamily: model?.settingsFamily ?? null,
    },
    datalogger: {
      sn: device.datalogger_sn,
      alias: device.datalogger_alias,
      softwareVersion: device.datalogger_software_version,
      hardwareVersion: device.datalogger_hardware_version,
      signalStrength: device.datalogger_signal_strength,
      lastOnlineAt: device.datalogger_last_online_at?.toISOString() ?? null,
    },
    plant:
      device.plant_id !== null && device.plant_name !== null
        ? { id: device.plant_id, name: device.plant_name, timeZone }
        : null,
    timeZone,
    today,
    canManage: found.level === 'manage',
  };
}
