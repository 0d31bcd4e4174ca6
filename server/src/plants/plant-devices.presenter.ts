import type { DeviceKind, DeviceStatus } from '@solar/contract';

/** The keys each device kind shows as its main values (the telemetry keys of last_values). */
const MAIN_VALUES: Record<DeviceKind, readonly string[]> = {
  inverter: ['pac_w', 'e_day_kwh', 'e_total_kwh', 'temp_c'],
  meter: ['p_grid_w', 'p_load_w', 'import_kwh_total', 'export_kwh_total'],
  battery: ['soc_pct', 'p_bat_w'],
  weather: ['irradiance_wm2', 'ambient_c', 'module_c'],
  switch: ['state', 'p_w'],
  box: ['strings'],
  epm: ['p_grid_w', 'export_limit_w'],
  heat_pump: ['state', 'mode', 'p_w', 'water_c'],
  ess: ['soc_pct', 'p_bat_w', 'state'],
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

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** MPPT strings arrive as `pv: [{v, i}]`; the client reads them as `pv1_v`, `pv1_i`, … */
function stringValues(pv: unknown): [string, number][] {
  if (!Array.isArray(pv)) return [];
  return pv.flatMap((input: unknown, index) => {
    const { v, i } = (input ?? {}) as { v?: unknown; i?: unknown };
    return isFiniteNumber(v) && isFiniteNumber(i)
      ? [[`pv${index + 1}_v`, v] as [string, number], [`pv${index + 1}_i`, i] as [string, number]]
      : [];
  });
}

function mainValues(kind: DeviceKind, lastValues: unknown): Record<string, number> {
  const values = (lastValues ?? {}) as Record<string, unknown>;
  const main = MAIN_VALUES[kind].flatMap((key): [string, number][] => {
    const value = values[key];
    return isFiniteNumber(value) ? [[key, value]] : [];
  });
  return Object.fromEntries(kind === 'inverter' ? [...main, ...stringValues(values.pv)] : main);
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
