import type { DeviceKind, DeviceStatus } from '@solar/contract';

/** The keys each device kind shows as its main values (the telemetry keys of last_values). */
const MAIN_VALUES: Record<DeviceKind, readonly string[]> = {
  inverter: ['pac_w', 'e_day_kwh', 'e_total_kwh', 'temp_c'],
  meter: ['p_grid_w', 'p_load_w', 'import_kwh_total', 'export_kwh_total'],
  battery: ['soc_pct', 'p_bat_w'],
  weather: ['irradiance_wm2', 'ambient_c', 'module_c'],
};

interface DataloggerRow {
  id: number;
  sn: string;
  alias: string | null;
  signal_strength: number | null;
  software_version: string | null;
  last_online_at: Date | null;
}

interface DeviceRow {
  id: number;
  datalogger_id: number;
  sn: string;
  kind: DeviceKind;
  alias: string | null;
  model_code: string | null;
  status: DeviceStatus;
  last_seen_at: Date | null;
  last_values: unknown;
}

function mainValues(kind: DeviceKind, lastValues: unknown): Record<string, number> {
  const values = (lastValues ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    MAIN_VALUES[kind].flatMap((key) => {
      const value = values[key];
      return typeof value === 'number' && Number.isFinite(value) ? [[key, value]] : [];
    }),
  );
}

export function presentPlantDataloggers(dataloggers: DataloggerRow[], devices: DeviceRow[]) {
  return dataloggers.map((datalogger) => ({
    id: datalogger.id,
    sn: datalogger.sn,
    alias: datalogger.alias,
    signalStrength: datalogger.signal_strength,
    softwareVersion: datalogger.software_version,
    lastOnlineAt: datalogger.last_online_at?.toISOString() ?? null,
    devices: devices
      .filter((device) => device.datalogger_id === datalogger.id)
      .map((device) => ({
        id: device.id,
        sn: device.sn,
        kind: device.kind,
        alias: device.alias,
        modelCode: device.model_code,
        status: device.status,
        lastSeenAt: device.last_seen_at?.toISOString() ?? null,
        values: mainValues(device.kind, device.last_values),
      })),
  }));
}
