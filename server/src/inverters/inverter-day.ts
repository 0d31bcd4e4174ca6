import {
  type DayBounds,
  type DaySeries,
  describeParameter,
  type ParameterInfo,
  SERIES_GROUPS,
} from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { plantDeviceIds } from '../plants/plant-energy.js';

/**
 * Day curves of one inverter from the raw `samples` table (every reading, no 5-minute
 * averaging), and of its plant's meters and batteries. The day is the plant's: it starts and
 * ends at local midnight, so it lasts 23 or 25 hours on the days clocks change.
 */

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Scalar keys taken from an inverter sample as they are. */
const SCALAR_KEYS = ['pac_w', 'e_day_kwh', 'e_total_kwh', 'freq_hz', 'pf', 'temp_c', 'eps_p_w'];

/** One inverter sample as parameter keys: `pv: [{v, i}]` becomes `pv1_v`, `pv1_i`, `pv1_p`. */
export function flattenInverterValues(values: unknown): Map<string, number> {
  const flat = new Map<string, number>();
  if (values === null || typeof values !== 'object') return flat;
  const record = values as Record<string, unknown>;
  for (const key of SCALAR_KEYS) {
    const value = record[key];
    if (isFiniteNumber(value)) flat.set(key, value);
  }
  for (const prefix of ['pv', 'ac'] as const) {
    const entries = record[prefix];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      const { v, i } = (entry ?? {}) as { v?: unknown; i?: unknown };
      if (!isFiniteNumber(v) || !isFiniteNumber(i)) return;
      const n = index + 1;
      flat.set(`${prefix}${n}_v`, v);
      flat.set(`${prefix}${n}_i`, i);
      flat.set(`${prefix}${n}_p`, Math.round(v * i * 10) / 10);
    });
  }
  return flat;
}

const BASE_ORDER = [
  'pv_v',
  'pv_i',
  'pv_p',
  'ac_v',
  'ac_i',
  'ac_p',
  'freq_hz',
  'pf',
  'pac_w',
  'e_day_kwh',
  'e_total_kwh',
  'temp_c',
  'meter_p_grid_w',
  'battery_p_bat_w',
  'battery_soc_pct',
  'eps_p_w',
  'load_p_load_w',
];

/** Group order of the spec, then the parameter, then string or phase number. */
export function compareParameters(a: ParameterInfo, b: ParameterInfo): number {
  return (
    SERIES_GROUPS.indexOf(a.group) - SERIES_GROUPS.indexOf(b.group) ||
    (a.index ?? 0) - (b.index ?? 0) ||
    BASE_ORDER.indexOf(a.base) - BASE_ORDER.indexOf(b.base)
  );
}

class SeriesBuilder {
  private readonly points = new Map<string, [number, number][]>();

  constructor(private readonly wanted: ReadonlySet<string> | null) {}

  add(key: string, ts: number, value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    if (this.wanted && !this.wanted.has(key)) return;
    let list = this.points.get(key);
    if (!list) this.points.set(key, (list = []));
    list.push([ts, value]);
  }

  build(): DaySeries[] {
    const series: { info: ParameterInfo; points: [number, number][] }[] = [];
    for (const [key, points] of this.points) {
      const info = describeParameter(key);
      if (info) series.push({ info, points });
    }
    series.sort((a, b) => compareParameters(a.info, b.info));
    return series.map(({ info, points }) => ({
      key: info.key,
      group: info.group,
      unit: info.unit,
      points,
    }));
  }
}

const numberOf = (key: string) =>
  sql<number | null>`(CASE WHEN jsonb_typeof(s.values -> ${key}) = 'number'
    THEN (s.values ->> ${key})::float8 END)`;

/** A plant series: the devices' `key` values of one instant combined by `fn`. */
interface PlantAggregate {
  series: string;
  fn: 'SUM' | 'AVG';
  key: string;
}

/** Meters' grid power and load summed per instant; batteries' power summed, charge averaged. */
const PLANT_SERIES: ReadonlyArray<readonly ['meter' | 'battery', readonly PlantAggregate[]]> = [
  [
    'meter',
    [
      { series: 'meter_p_grid_w', fn: 'SUM', key: 'p_grid_w' },
      { series: 'load_p_load_w', fn: 'SUM', key: 'p_load_w' },
    ],
  ],
  [
    'battery',
    [
      { series: 'battery_p_bat_w', fn: 'SUM', key: 'p_bat_w' },
      { series: 'battery_soc_pct', fn: 'AVG', key: 'soc_pct' },
    ],
  ],
];

async function plantSeriesRows(
  db: Db,
  deviceIds: number[],
  bounds: DayBounds,
  aggregates: readonly PlantAggregate[],
) {
  const columns = aggregates.map(
    ({ series, fn, key }) => sql`${sql.raw(fn)}(${numberOf(key)}) AS ${sql.ref(series)}`,
  );
  const result = await sql<{ ts: Date } & Record<string, number | string | null>>`
    SELECT s.ts, ${sql.join(columns)}
    FROM samples s
    WHERE s.device_id = ANY(${deviceIds}) AND s.ts >= ${bounds.from} AND s.ts < ${bounds.to}
    GROUP BY s.ts ORDER BY s.ts`.execute(db);
  return result.rows;
}

/**
 * The series of one day: the inverter's own (input, output, grid, generation, eps) and, when it
 * belongs to a plant, the plant's meters (grid power and load summed per instant) and batteries
 * (power summed, state of charge averaged). `keys` restricts the answer to those parameters.
 */
export async function inverterDaySeries(
  db: Db,
  inverter: { id: number; plantId: number | null },
  bounds: DayBounds,
  keys: readonly string[] | null = null,
): Promise<DaySeries[]> {
  const builder = new SeriesBuilder(keys ? new Set(keys) : null);
  const samples = await db
    .selectFrom('samples')
    .select(['ts', 'values'])
    .where('device_id', '=', inverter.id)
    .where('ts', '>=', bounds.from)
    .where('ts', '<', bounds.to)
    .orderBy('ts')
    .execute();
  for (const sample of samples) {
    const ts = new Date(sample.ts).getTime();
    for (const [key, value] of flattenInverterValues(sample.values)) builder.add(key, ts, value);
  }
  if (inverter.plantId !== null) {
    const devices = await plantDeviceIds(db, inverter.plantId);
    for (const [kind, aggregates] of PLANT_SERIES) {
      if (devices[kind].length === 0) continue;
      for (const row of await plantSeriesRows(db, devices[kind], bounds, aggregates)) {
        const ts = new Date(row.ts).getTime();
        for (const { series } of aggregates) {
          const value = row[series];
          builder.add(series, ts, value === null || value === undefined ? null : Number(value));
        }
      }
    }
  }
  return builder.build();
}
