import { type FleetDatalogger, localDate } from '@solar/contract';
import { type PlantCounters, type SimulatedPlant, simulatedPlant } from './plant-config.js';

/** Where a datalogger bound to no plant (factory stock) reports from: Stuttgart. */
export const UNBOUND_LOCATION = {
  plantName: 'Unbound datalogger',
  latitude: 48.776,
  longitude: 9.183,
  timeZone: 'Europe/Berlin',
} as const;

/** One device of a located plant, as the portal knows it (one row per device). */
interface PlantDeviceRow {
  dataloggerId: number;
  dataloggerSn: string;
  registrationKey: string;
  plantName: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  capacityKwp: number | null;
  /** Null for a datalogger without devices yet. */
  sn: string | null;
  kind: string | null;
  modelCode: string | null;
  ratedPowerKw: number | null;
  /** The DC peak power behind an inverter, when set for it. */
  dcPeakKw: number | null;
  lastValues: unknown;
  lastSeenAt: Date | null;
}

export interface PlantWithCounters {
  plant: SimulatedPlant;
  counters: PlantCounters;
  /** The newest reading stored for any of its devices. */
  lastSeenAt?: Date;
}

function numberOf(values: unknown, key: string): number | undefined {
  const value = (values as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' ? value : undefined;
}

function countersOf(devices: readonly PlantDeviceRow[], timeZone: string): PlantCounters {
  const inverters = devices.filter((d) => d.kind === 'inverter');
  const meter = devices.find((d) => d.kind === 'meter');
  const battery = devices.find((d) => d.kind === 'battery');
  return {
    inverterTotalsKwh: Object.fromEntries(
      inverters.map((d) => [d.sn, numberOf(d.lastValues, 'e_total_kwh') ?? 0]),
    ),
    inverterTodayKwh: Object.fromEntries(
      inverters.map((d) => [
        d.sn,
        {
          localDate: d.lastSeenAt ? localDate(timeZone, d.lastSeenAt) : '',
          kwh: numberOf(d.lastValues, 'e_day_kwh') ?? 0,
        },
      ]),
    ),
    importKwh: numberOf(meter?.lastValues, 'import_kwh_total'),
    exportKwh: numberOf(meter?.lastValues, 'export_kwh_total'),
    chargeKwh: numberOf(battery?.lastValues, 'charge_kwh_total'),
    dischargeKwh: numberOf(battery?.lastValues, 'discharge_kwh_total'),
    socPct: numberOf(battery?.lastValues, 'soc_pct'),
    heatPumpTotalsKwh: Object.fromEntries(
      devices
        .filter((d) => d.kind === 'heat_pump')
        .map((d) => [d.sn, numberOf(d.lastValues, 'e_total_kwh') ?? 0]),
    ),
    storageSystems: Object.fromEntries(
      devices
        .filter((d) => d.kind === 'ess')
        .map((d) => [
          d.sn,
          {
            socPct: numberOf(d.lastValues, 'soc_pct'),
            chargeKwh: numberOf(d.lastValues, 'charge_kwh_total'),
            dischargeKwh: numberOf(d.lastValues, 'discharge_kwh_total'),
          },
        ]),
    ),
  };
}

/** Inverters sized from the plant's capacity (one per 30 kWp) and a meter, for a bare datalogger. */
function inventedDevices(first: PlantDeviceRow, capacity: number): PlantDeviceRow[] {
  const count = Math.max(1, Math.ceil(capacity / 30));
  const device = (sn: string, kind: string, ratedPowerKw: number | null): PlantDeviceRow => ({
    ...first,
    sn,
    kind,
    modelCode: null,
    ratedPowerKw,
    dcPeakKw: null,
    lastValues: {},
    lastSeenAt: null,
  });
  return [
    ...Array.from({ length: count }, (_, i) =>
      device(`${first.dataloggerSn}-INV${i + 1}`, 'inverter', capacity / count / 1.15),
    ),
    device(`${first.dataloggerSn}-MET1`, 'meter', null),
  ];
}

function plantOf(rows: readonly PlantDeviceRow[]): PlantWithCounters {
  const first = rows[0]!;
  const capacity = Number(first.capacityKwp) || 5;
  const known = rows.filter((d) => d.sn !== null);
  // A datalogger registered without devices gets typical ones; ingestion registers them.
  const devices = known.some((d) => d.kind === 'inverter')
    ? known
    : inventedDevices(first, capacity);
  const inverters = devices.filter((d) => d.kind === 'inverter');
  const meter = devices.find((d) => d.kind === 'meter');
  const battery = devices.find((d) => d.kind === 'battery');
  const weather = devices.find((d) => d.kind === 'weather');
  const ofKind = (kind: string) => devices.filter((d) => d.kind === kind);
  const epm = devices.find((d) => d.kind === 'epm');
  // The battery's rated power is taken as half its capacity (a 0.5 C system).
  const batteryKwh = Number(battery?.ratedPowerKw ?? 0) * 2 || capacity;
  const plant = simulatedPlant.parse({
    name: first.plantName,
    latitude: first.latitude,
    longitude: first.longitude,
    timeZone: first.timeZone,
    seed: first.dataloggerId,
    datalogger: { sn: first.dataloggerSn, key: first.registrationKey },
    inverters: inverters.map((d) => {
      const ratedAcKw = Number(d.ratedPowerKw) || capacity / inverters.length / 1.15;
      const dcKwp = Number(d.dcPeakKw) || ratedAcKw * 1.15;
      return { sn: d.sn, model: d.modelCode ?? undefined, dcKwp, ratedAcKw };
    }),
    meter: meter ? { sn: meter.sn } : undefined,
    battery: battery
      ? { sn: battery.sn, capacityKwh: batteryKwh, maxPowerKw: batteryKwh / 2 }
      : undefined,
    weather: weather ? { sn: weather.sn } : undefined,
    boxes: ofKind('box').map((d) => ({ sn: d.sn, strings: 8 })),
    heatPumps: ofKind('heat_pump').map((d) => ({ sn: d.sn, ratedKw: Number(d.ratedPowerKw) || 6 })),
    storageSystems: ofKind('ess').map((d) => {
      const capacityKwh = Number(d.ratedPowerKw) * 2 || 10;
      return { sn: d.sn, capacityKwh, maxPowerKw: capacityKwh / 2 };
    }),
    switches: ofKind('switch').map((d) => ({
      sn: d.sn,
      ...(d.ratedPowerKw ? { loadW: Number(d.ratedPowerKw) * 1000 } : {}),
    })),
    epm: epm ? { sn: epm.sn } : undefined,
    loadScale: Math.max(0.5, capacity / 10),
  });
  const seen = devices.flatMap((d) => (d.lastSeenAt ? [d.lastSeenAt.getTime()] : []));
  return {
    plant,
    counters: countersOf(devices, first.timeZone),
    ...(seen.length > 0 ? { lastSeenAt: new Date(Math.max(...seen)) } : {}),
  };
}

/**
 * The simulator's view of the portal's plants: one entry per datalogger of a located plant,
 * its counters continuing from the devices' last values so energy never
 * jumps backwards across a restart.
 */
function plantsFromRows(rows: readonly PlantDeviceRow[]): PlantWithCounters[] {
  const byDatalogger = new Map<number, PlantDeviceRow[]>();
  for (const row of rows) {
    byDatalogger.set(row.dataloggerId, [...(byDatalogger.get(row.dataloggerId) ?? []), row]);
  }
  return [...byDatalogger.values()].map(plantOf);
}

/** The rows of one datalogger of the fleet: one per device, one without a device when it has none. */
function rowsOf(datalogger: FleetDatalogger): PlantDeviceRow[] {
  const place = datalogger.plant
    ? {
        plantName: datalogger.plant.name,
        latitude: datalogger.plant.latitude,
        longitude: datalogger.plant.longitude,
        timeZone: datalogger.plant.timeZone,
        capacityKwp: datalogger.plant.capacityKwp,
      }
    : // A datalogger bound to no plant reports as a 5 kWp plant at UNBOUND_LOCATION.
      { ...UNBOUND_LOCATION, capacityKwp: null };
  const base = {
    dataloggerId: datalogger.id,
    dataloggerSn: datalogger.sn,
    registrationKey: datalogger.registrationKey,
    ...place,
  };
  const noDevice = { sn: null, kind: null, modelCode: null, ratedPowerKw: null, dcPeakKw: null };
  if (datalogger.devices.length === 0) {
    return [{ ...base, ...noDevice, lastValues: {}, lastSeenAt: null }];
  }
  return datalogger.devices.map((device) => ({
    ...base,
    ...device,
    lastSeenAt: device.lastSeenAt ? new Date(device.lastSeenAt) : null,
  }));
}

/**
 * The plants the portal hands over through the seam (`FleetSource`): every datalogger of a
 * located plant, and every datalogger bound to no plant (factory stock, at UNBOUND_LOCATION).
 */
export function plantsFromFleet(fleet: readonly FleetDatalogger[]): PlantWithCounters[] {
  return plantsFromRows(fleet.flatMap(rowsOf));
}
