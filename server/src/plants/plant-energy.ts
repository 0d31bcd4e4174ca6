import type { DeviceKind } from '@solar/contract';
import { type Expression, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type Granularity, PERIOD_FORMATS } from './plant-calendar.js';

/**
 * The plant's device ids by kind (devices of the dataloggers bound to it). `meter` is the
 * plant's master meter alone when it has one (other meters measure parts of the plant, so
 * grid import, export and the energy flow come from the master), else all its meters.
 */
export async function plantDeviceIds(db: Db, plantId: number) {
  return deviceIdsByKind(await plantDevices(db, plantId).execute());
}

/** The plant's devices with their kind and whether each (meter) is the master. */
export function plantDevices(db: Db, plantId: number | Expression<number>) {
  return db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .leftJoin('meter_settings', 'meter_settings.device_id', 'devices.id')
    .select(['devices.id', 'devices.kind', 'meter_settings.master'])
    .where('dataloggers.plant_id', '=', plantId);
}

/** `plantDeviceIds` of devices already read (`plantDevices`). */
export function deviceIdsByKind(
  rows: readonly { id: number; kind: DeviceKind; master: boolean | null }[],
) {
  const ofKind = (kind: DeviceKind) => rows.filter((row) => row.kind === kind).map((row) => row.id);
  const master = rows.find((row) => row.kind === 'meter' && row.master === true);
  return {
    all: rows.map((row) => row.id),
    inverter: ofKind('inverter'),
    meter: master ? [master.id] : ofKind('meter'),
    masterMeter: master?.id ?? null,
    battery: ofKind('battery'),
    weather: ofKind('weather'),
  };
}
export type PlantDeviceIds = Awaited<ReturnType<typeof plantDeviceIds>>;

export interface PeriodTotals {
  energyKwh: number;
  importKwh: number;
  exportKwh: number;
}

/**
 * Daily rollups summed per period label within [from, toExclusive) (either bound may be null):
 * generation of the inverters, import and export of the meters.
 */
export async function periodTotals(
  db: Db,
  devices: PlantDeviceIds,
  granularity: Granularity,
  from: string | null,
  toExclusive: string | null,
): Promise<Map<string, PeriodTotals>> {
  const totals = new Map<string, PeriodTotals>();
  if (devices.inverter.length + devices.meter.length === 0) return totals;
  const rows = await sql<{ period: string; energy: number; imported: number; exported: number }>`
    SELECT to_char(e.day, ${PERIOD_FORMATS[granularity]}) AS period,
      COALESCE(SUM(e.energy_kwh) FILTER (WHERE e.device_id = ANY(${devices.inverter})), 0) AS energy,
      COALESCE(SUM(e.import_kwh) FILTER (WHERE e.device_id = ANY(${devices.meter})), 0) AS imported,
      COALESCE(SUM(e.export_kwh) FILTER (WHERE e.device_id = ANY(${devices.meter})), 0) AS exported
    FROM energy_daily e
    WHERE e.device_id = ANY(${[...devices.inverter, ...devices.meter]})
      AND (${from}::date IS NULL OR e.day >= ${from}::date)
      AND (${toExclusive}::date IS NULL OR e.day < ${toExclusive}::date)
    GROUP BY 1`.execute(db);
  for (const row of rows.rows) {
    totals.set(row.period, {
      energyKwh: Number(row.energy),
      importKwh: Number(row.imported),
      exportKwh: Number(row.exported),
    });
  }
  return totals;
}

/** Daily generation of the inverters up to `toExclusive`, in date order. */
export async function dailyGeneration(
  db: Db,
  devices: PlantDeviceIds,
  toExclusive: string | null,
): Promise<{ day: string; energyKwh: number }[]> {
  if (devices.inverter.length === 0) return [];
  const rows = await sql<{ day: string; energy: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(energy_kwh) AS energy
    FROM energy_daily
    WHERE device_id = ANY(${devices.inverter})
      AND (${toExclusive}::date IS NULL OR day < ${toExclusive}::date)
    GROUP BY day ORDER BY day`.execute(db);
  return rows.rows.map((row) => ({ day: row.day, energyKwh: Number(row.energy) }));
}

/**
 * Generation estimated from the 5-minute power curve, per period label and plant-local minute of
 * the day, within [from, toExclusive) plant-local: the base of time-of-use pricing.
 */
export async function energyByLocalMinute(
  db: Db,
  devices: PlantDeviceIds,
  timeZone: string,
  granularity: Granularity,
  from: string | null,
  toExclusive: string | null,
): Promise<{ period: string; minute: number; powerW: number }[]> {
  if (devices.inverter.length === 0) return [];
  const local = sql`(bucket AT TIME ZONE ${timeZone})`;
  const rows = await sql<{ period: string; minute: number; power: number }>`
    SELECT to_char(${local}, ${PERIOD_FORMATS[granularity]}) AS period,
      (EXTRACT(HOUR FROM ${local}) * 60 + EXTRACT(MINUTE FROM ${local}))::int AS minute,
      SUM(power_w) AS power
    FROM power_5min
    WHERE device_id = ANY(${devices.inverter})
      AND (${from}::date IS NULL OR bucket >= (${from}::date)::timestamp AT TIME ZONE ${timeZone})
      AND (${toExclusive}::date IS NULL
        OR bucket < (${toExclusive}::date)::timestamp AT TIME ZONE ${timeZone})
    GROUP BY 1, 2`.execute(db);
  return rows.rows.map((row) => ({
    period: row.period,
    minute: Number(row.minute),
    powerW: Number(row.power),
  }));
}

/** The first plant-local date with generation, or null. */
export async function firstGenerationDay(db: Db, devices: PlantDeviceIds): Promise<string | null> {
  if (devices.inverter.length === 0) return null;
  const row = await sql<{ day: string | null }>`
    SELECT to_char(MIN(day), 'YYYY-MM-DD') AS day FROM energy_daily
    WHERE device_id = ANY(${devices.inverter})`.execute(db);
  return row.rows[0]?.day ?? null;
}

/**
 * The daily rollups `periodTotals` sums, per device instead of per period, within
 * [from, toExclusive): generation of each inverter, import and export of each of the plant's
 * meters (the same `devices.meter` the plant's figures come from).
 */
export async function deviceTotals(
  db: Db,
  devices: PlantDeviceIds,
  from: string,
  toExclusive: string,
): Promise<Map<number, PeriodTotals>> {
  const totals = new Map<number, PeriodTotals>();
  if (devices.inverter.length + devices.meter.length === 0) return totals;
  const rows = await sql<{ device: number; energy: number; imported: number; exported: number }>`
    SELECT e.device_id AS device,
      COALESCE(SUM(e.energy_kwh) FILTER (WHERE e.device_id = ANY(${devices.inverter})), 0) AS energy,
      COALESCE(SUM(e.import_kwh) FILTER (WHERE e.device_id = ANY(${devices.meter})), 0) AS imported,
      COALESCE(SUM(e.export_kwh) FILTER (WHERE e.device_id = ANY(${devices.meter})), 0) AS exported
    FROM energy_daily e
    WHERE e.device_id = ANY(${[...devices.inverter, ...devices.meter]})
      AND e.day >= ${from}::date AND e.day < ${toExclusive}::date
    GROUP BY 1`.execute(db);
  for (const row of rows.rows) {
    totals.set(Number(row.device), {
      energyKwh: Number(row.energy),
      importKwh: Number(row.imported),
      exportKwh: Number(row.exported),
    });
  }
  return totals;
}
