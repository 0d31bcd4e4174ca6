import {
  CO2_KG_PER_KWH,
  currencyDecimals,
  type EndpointData,
  type runReport,
} from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { performanceRatio } from '../devices/weather-performance.js';
import { deviceTotals, type PlantDeviceIds } from '../plants/plant-energy.js';
import { inverterTodayKwh, localToday } from '../plants/plant-summary.js';
import { inverterDcPeaksKw } from '../inverters/dc-peak.js';

type ReportRow = EndpointData<typeof runReport>['rows'][number];

/** Integer steps per unit of each split figure: energy to the Wh, money to its minor unit. */
const WH_PER_KWH = 1000;

/**
 * Splits `total` (already rounded to 1/`steps`) into parts proportional to `weights` that are
 * multiples of 1/`steps` and add up to `total` exactly (largest remainder); equal weights when
 * they sum to zero.
 */
export function apportion(total: number, weights: number[], steps: number): number[] {
  if (weights.length === 0) return [];
  const units = Math.round(total * steps);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) =>
    weightSum === 0 ? units / weights.length : (units * weight) / weightSum,
  );
  const parts = shares.map(Math.floor);
  let left = units - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1;
    left -= 1;
  }
  return parts.map((part) => part / steps);
}

interface DeviceRange {
  timeZone: string;
  from: string;
  toExclusive: string;
}

/** Each inverter's generation of today not yet in the rollup (its own day counter). */
async function pendingTodayKwh(db: Db, inverterIds: number[]): Promise<Map<number, number>> {
  if (inverterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('energy_daily', (join) =>
      join
        .onRef('energy_daily.device_id', '=', 'devices.id')
        .on('energy_daily.day', '=', localToday()),
    )
    .select([
      'devices.id',
      sql<number>`${inverterTodayKwh()} - COALESCE(energy_daily.energy_kwh, 0)`.as('pending'),
    ])
    .where('devices.id', 'in', inverterIds)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.pending)]));
}

/** The largest 5-minute power (kW) of each device within the range. */
async function devicePeaksKw(
  db: Db,
  deviceIds: number[],
  { timeZone, from, toExclusive }: DeviceRange,
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await sql<{ device: number; power: number }>`
    SELECT device_id AS device, MAX(power_w) AS power
    FROM power_5min
    WHERE device_id = ANY(${deviceIds})
      AND bucket >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
      AND bucket < (${toExclusive}::date)::timestamp AT TIME ZONE ${timeZone}
    GROUP BY 1`.execute(db);
  return new Map(rows.rows.map((row) => [Number(row.device), Number(row.power) / 1000]));
}

async function deviceInfos(db: Db, deviceIds: number[]) {
  if (deviceIds.length === 0) return new Map<number, { name: string }>();
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'sn', 'alias'])
    .where('id', 'in', deviceIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.alias || row.sn }]));
}

const byName = (names: Map<number, { name: string }>) => (a: number, b: number) =>
  (names.get(a)?.name ?? '').localeCompare(names.get(b)?.name ?? '') || a - b;

/**
 * A plant's whole-range row split per device: a row per inverter with its share of generation,
 * income and CO2, and a row per plant meter with its import and export. The shares are the
 * devices' own daily rollups (with today's pending counter), apportioned so that the rows add
 * up to the plant's row to the last Wh and to its currency's minor unit. Income is shared
 * by generation (exact for a constant price, the plant's valuation otherwise).
 */
export async function deviceRows(
  db: Db,
  devices: PlantDeviceIds,
  plantRow: ReportRow,
  range: DeviceRange & { includesToday: boolean; irradiationKwhM2: number | null },
): Promise<ReportRow[]> {
  const ids = [...devices.inverter, ...devices.meter];
  const [totals, pending, peaks, infos, dcPeaks] = await Promise.all([
    deviceTotals(db, devices, range.from, range.toExclusive),
    range.includesToday ? pendingTodayKwh(db, devices.inverter) : new Map<number, number>(),
    devicePeaksKw(db, devices.inverter, range),
    deviceInfos(db, ids),
    inverterDcPeaksKw(db, devices.inverter, plantRow.capacityKwp),
  ]);
  const inverters = [...devices.inverter].sort(byName(infos));
  const meters = [...devices.meter].sort(byName(infos));
  const generation = inverters.map(
    (id) => (totals.get(id)?.energyKwh ?? 0) + (pending.get(id) ?? 0),
  );
  const energies = apportion(plantRow.energyKwh, generation, WH_PER_KWH);
  const incomes = apportion(plantRow.income, energies, 10 ** currencyDecimals(plantRow.currency));
  const imports = apportion(
    plantRow.importKwh ?? 0,
    meters.map((id) => totals.get(id)?.importKwh ?? 0),
    WH_PER_KWH,
  );
  const exports = apportion(
    plantRow.exportKwh ?? 0,
    meters.map((id) => totals.get(id)?.exportKwh ?? 0),
    WH_PER_KWH,
  );
  const base = { ...plantRow, performanceRatio: null, selfConsumptionKwh: null };
  const inverterRows = inverters.map((id, index): ReportRow => {
    const energyKwh = energies[index]!;
    const dcPeakKw = dcPeaks.get(id) ?? 0;
    return {
      ...base,
      deviceId: id,
      deviceName: infos.get(id)?.name ?? String(id),
      capacityKwp: dcPeakKw,
      energyKwh,
      income: incomes[index]!,
      peakPowerKw: peaks.has(id) ? Number(peaks.get(id)!.toFixed(3)) : null,
      equivalentHours: dcPeakKw > 0 ? Number((energyKwh / dcPeakKw).toFixed(2)) : null,
      performanceRatio:
        range.irradiationKwhM2 === null
          ? null
          : performanceRatio(energyKwh, range.irradiationKwhM2, dcPeakKw),
      co2SavedKg: Number((Math.max(energyKwh, 0) * CO2_KG_PER_KWH).toFixed(1)),
      importKwh: null,
      exportKwh: null,
    };
  });
  const meterRows = meters.map((id, index): ReportRow => ({
    ...base,
    deviceId: id,
    deviceName: infos.get(id)?.name ?? String(id),
    capacityKwp: 0,
    energyKwh: 0,
    income: 0,
    peakPowerKw: null,
    equivalentHours: null,
    co2SavedKg: 0,
    importKwh: imports[index]!,
    exportKwh: exports[index]!,
  }));
  return [...inverterRows, ...meterRows];
}
