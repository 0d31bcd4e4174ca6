import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { dailyIrradiation } from '../devices/weather-performance.js';
import type { PlantDeviceIds } from '../plants/plant-energy.js';

/** How a report's extra figures are keyed: per plant-local day, per month, or one whole range. */
export type FigureGrouping = 'day' | 'month' | 'range';

/** The key of the whole range, for reports with one row per plant. */
export const WHOLE_RANGE = 'range';

interface Range {
  timeZone: string;
  from: string;
  toExclusive: string;
}

const keyOf = (grouping: FigureGrouping, date: string) => {
  if (grouping === 'range') return WHOLE_RANGE;
  return grouping === 'month' ? date.slice(0, 7) : date;
};

/**
 * The peak power (kW) of the plant's inverters per plant-local period, from the 5-minute power
 * rollup the overview's day chart draws: the largest sum of the inverters' power in one slot.
 */
export async function peakPowerKw(
  db: Db,
  devices: PlantDeviceIds,
  grouping: FigureGrouping,
  { timeZone, from, toExclusive }: Range,
): Promise<Map<string, number>> {
  if (devices.inverter.length === 0) return new Map();
  const rows = await sql<{ date: string; power: number }>`
    SELECT to_char(bucket AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, SUM(power_w) AS power
    FROM power_5min
    WHERE device_id = ANY(${devices.inverter})
      AND bucket >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
      AND bucket < (${toExclusive}::date)::timestamp AT TIME ZONE ${timeZone}
    GROUP BY bucket`.execute(db);
  const peaks = new Map<string, number>();
  for (const row of rows.rows) {
    const key = keyOf(grouping, row.date);
    peaks.set(key, Math.max(peaks.get(key) ?? 0, Number(row.power) / 1000));
  }
  return peaks;
}

/**
 * The irradiation (kWh/m²) the plant's first weather station measured per plant-local period,
 * or null when the plant has no weather station (its performance ratio is then not available).
 */
export async function irradiationKwhM2(
  db: Db,
  stationId: number | undefined,
  grouping: FigureGrouping,
  { timeZone, from, toExclusive }: Range,
): Promise<Map<string, number> | null> {
  if (stationId === undefined) return null;
  const rows = await sql<{ ts: Date; irradiance: number }>`
    SELECT ts, (values ->> 'irradiance_wm2')::float8 AS irradiance
    FROM samples
    WHERE device_id = ${stationId}
      AND jsonb_typeof(values -> 'irradiance_wm2') = 'number'
      AND ts >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
      AND ts < (${toExclusive}::date)::timestamp AT TIME ZONE ${timeZone}
    ORDER BY ts`.execute(db);
  const days = dailyIrradiation(
    rows.rows.map((row) => ({ ts: new Date(row.ts), irradianceWm2: Number(row.irradiance) })),
    timeZone,
  );
  const periods = new Map<string, number>();
  for (const [date, kwhM2] of days) {
    const key = keyOf(grouping, date);
    periods.set(key, (periods.get(key) ?? 0) + kwhM2);
  }
  return periods;
}
