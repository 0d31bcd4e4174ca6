import { type DataloggerRecord, type DeviceReading, EPM_SETTING_KEYS } from '@solar/contract';
import type { SimulatedPlant } from './plant-config.js';

type SettingValues = Record<string, number | string | boolean>;

/** The AC rating of a plant's inverters in watts: what a new EPM lets the plant export. */
export function ratedAcWOf(plant: Pick<SimulatedPlant, 'inverters'>): number {
  return plant.inverters.reduce((sum, inverter) => sum + inverter.ratedAcKw, 0) * 1000;
}

/** The EPM's reading: the grid power it measures and the export limit it applies. */
export function epmReading(sn: string, gridW: number, limitW: number): DeviceReading {
  return {
    sn,
    kind: 'epm',
    values: { p_grid_w: Math.round(gridW), export_limit_w: Math.round(limitW) },
  };
}

/** A new EPM limits nothing: export up to the inverters' rated power, zero export on failure. */
export function epmFactorySettings(ratedAcW: number): SettingValues {
  return {
    [EPM_SETTING_KEYS.mode]: 'watts',
    [EPM_SETTING_KEYS.limit]: ratedAcW,
    [EPM_SETTING_KEYS.failSafe]: 'zeroExport',
  };
}

/** The export limit in watts that the settings name (a percentage of the inverters' rating). */
export function exportLimitW(settings: SettingValues, ratedAcW: number): number {
  const limit = Number(settings[EPM_SETTING_KEYS.limit] ?? ratedAcW);
  return settings[EPM_SETTING_KEYS.mode] === 'percent' ? (limit / 100) * ratedAcW : limit;
}

/**
 * What an EPM does to a record: when the plant exports more than the limit (the meter's grid
 * power below minus the limit), it curtails the inverters by the excess, the meter sees the
 * curtailed export, and the EPM reports the grid power and the limit it applies (in place of
 * the factory-setting reading the plant simulator gave it).
 */
export function applyExportLimit(
  record: DataloggerRecord,
  epmSn: string,
  limitW: number,
): DataloggerRecord {
  const meter = record.devices.find((device) => device.kind === 'meter');
  const inverterPowerW = record.devices.reduce(
    (sum, device) => sum + (device.kind === 'inverter' ? (device.values.pac_w ?? 0) : 0),
    0,
  );
  const gridW = meter?.kind === 'meter' ? (meter.values.p_grid_w ?? 0) : -inverterPowerW;
  const excessW = Math.min(Math.max(0, -gridW - limitW), inverterPowerW);
  const share = inverterPowerW > 0 ? 1 - excessW / inverterPowerW : 1;
  const curtailedGridW = Math.round(gridW + excessW);
  const devices = record.devices.flatMap((device): DeviceReading[] => {
    if (device.sn === epmSn) return [];
    if (device.kind === 'inverter' && excessW > 0) {
      return [
        {
          ...device,
          values: { ...device.values, pac_w: Math.round((device.values.pac_w ?? 0) * share) },
        },
      ];
    }
    if (device.kind === 'meter' && excessW > 0) {
      return [{ ...device, values: { ...device.values, p_grid_w: curtailedGridW } }];
    }
    return [device];
  });
  return { ...record, devices: [...devices, epmReading(epmSn, curtailedGridW, limitW)] };
}
