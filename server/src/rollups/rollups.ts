import type { DeviceKind } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { lockForRollups } from './rollup-locks.js';

/** The value each device kind contributes to the power curve. */
export const POWER_KEY: Partial<Record<DeviceKind, string>> = {
  inverter: 'pac_w',
  meter: 'p_grid_w',
  battery: 'p_bat_w',
};

const BUCKET_MS = 5 * 60_000;

/** Start of the UTC-aligned 5-minute bucket holding `ts`. */
export function bucketStart(ts: Date): Date {
  return new Date(Math.floor(ts.getTime() / BUCKET_MS) * BUCKET_MS);
}

export interface TouchedSample {
  deviceId: number;
  kind: DeviceKind;
  ts: Date;
  /** The plant's IANA time zone. */
  timeZone: string;
  plantId: number | null;
}

/** Quarter-hour slot: every UTC offset is a multiple of 15 minutes, so a slot lies in one local day. */
function quarterHour(ts: Date): number {
  return Math.floor(ts.getTime() / 900_000);
}

function distinctBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

/** Recomputes the 5-minute averages of every bucket that received a sample. */
export async function refreshPower5min(trx: Db, samples: readonly TouchedSample[]): Promise<void> {
  const touched = distinctBy(
    samples
      .filter((s) => POWER_KEY[s.kind])
      .map((s) => ({ deviceId: s.deviceId, bucket: bucketStart(s.ts), key: POWER_KEY[s.kind]! })),
    (t) => `${t.deviceId}|${t.bucket.getTime()}`,
  );
  if (touched.length === 0) return;
  await sql`
    INSERT INTO power_5min (device_id, bucket, power_w)
    SELECT b.device_id, b.bucket, avg((s.values ->> b.key)::double precision)
    FROM unnest(${touched.map((t) => t.deviceId)}::int[], ${touched.map((t) => t.bucket.toISOString())}::timestamptz[],
                ${touched.map((t) => t.key)}::text[]) AS b (device_id, bucket, key)
    JOIN samples s ON s.device_id = b.device_id AND s.ts >= b.bucket AND s.ts < b.bucket + interval '5 minutes'
    WHERE jsonb_typeof(s.values -> b.key) = 'number'
    GROUP BY b.device_id, b.bucket
    ON CONFLICT (device_id, bucket) DO UPDATE SET power_w = EXCLUDED.power_w
  `.execute(trx);
}

/** Which counters each kind of device reports. */
const COUNTERS: Record<DeviceKind, readonly CounterKey[]> = {
  inverter: ['e_total_kwh'],
  meter: ['import_kwh_total', 'export_kwh_total'],
  battery: ['charge_kwh_total', 'discharge_kwh_total'],
  weather: [],
};
type CounterKey =
  | 'e_total_kwh'
  | 'import_kwh_total'
  | 'export_kwh_total'
  | 'charge_kwh_total'
  | 'discharge_kwh_total';

/**
 * Recomputes energy_daily for every (device, plant-local day) that received a sample, from
 * the raw samples of that whole local day: the counter at the last sample minus the counter at
 * the first, never negative. Counters survive e_day resets at the inverter's own midnight
 * and restarts; e_day_kwh is used only for inverters that send no e_total_kwh. First and last
 * samples are found through the (device_id, ts) index, so the cost does not grow with the
 * number of samples per day.
 */
export async function refreshEnergyDaily(
  trx: Db,
  samples: readonly TouchedSample[],
): Promise<void> {
  const touched = distinctBy(samples, (s) => `${s.deviceId}|${s.timeZone}|${quarterHour(s.ts)}`);
  if (touched.length === 0) return;
  const delta = (kind: DeviceKind, key: CounterKey) =>
    COUNTERS[kind].includes(key)
      ? sql`CASE WHEN span.kind = ${kind} THEN ${counterDelta(key)} END`
      : sql`NULL::double precision`;
  const column = (key: CounterKey) =>
    sql`COALESCE(${sql.join(
      (['inverter', 'meter', 'battery'] as const)
        .filter((k) => COUNTERS[k].includes(key))
        .map((k) => delta(k, key)),
    )}, 0)`;
  await sql`
    WITH touched AS (
      SELECT DISTINCT t.device_id, t.kind, t.tz, (t.ts AT TIME ZONE t.tz)::date AS day
      FROM unnest(${touched.map((t) => t.deviceId)}::int[], ${touched.map((t) => t.kind)}::text[],
                  ${touched.map((t) => t.ts.toISOString())}::timestamptz[],
                  ${touched.map((t) => t.timeZone)}::text[]) AS t (device_id, kind, ts, tz)
    ), span AS (
      SELECT device_id, kind, day, (day::timestamp AT TIME ZONE tz) AS start_at,
        ((day + 1)::timestamp AT TIME ZONE tz) AS end_at
      FROM touched
    )
    INSERT INTO energy_daily (device_id, day, energy_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh)
    SELECT span.device_id, span.day,
      COALESCE(
        CASE WHEN span.kind = 'inverter' THEN ${counterDelta('e_total_kwh')} END,
        CASE WHEN span.kind = 'inverter' THEN (
          SELECT max((s.values ->> 'e_day_kwh')::double precision) FROM samples s
          WHERE s.device_id = span.device_id AND s.ts >= span.start_at AND s.ts < span.end_at
            AND jsonb_typeof(s.values -> 'e_day_kwh') = 'number') END,
        0),
      ${column('import_kwh_total')},
      ${column('export_kwh_total')},
      ${column('charge_kwh_total')},
      ${column('discharge_kwh_total')}
    FROM span
    ON CONFLICT (device_id, day) DO UPDATE SET
      energy_kwh = EXCLUDED.energy_kwh, import_kwh = EXCLUDED.import_kwh, export_kwh = EXCLUDED.export_kwh,
      charge_kwh = EXCLUDED.charge_kwh, discharge_kwh = EXCLUDED.discharge_kwh
  `.execute(trx);
  await refreshPlantLoad(trx, touched);
}

/** The counter's value at one end of the span (`span` in scope), through the index. */
function counterAt(key: CounterKey, end: 'first' | 'last') {
  return sql`(
    SELECT (s.values ->> ${key})::double precision FROM samples s
    WHERE s.device_id = span.device_id AND s.ts >= span.start_at AND s.ts < span.end_at
      AND jsonb_typeof(s.values -> ${key}) = 'number'
    ORDER BY s.ts ${end === 'first' ? sql`ASC` : sql`DESC`} LIMIT 1)`;
}

/** Last minus first value of a counter over the span, floored at zero; null without values. */
function counterDelta(key: CounterKey) {
  // greatest() ignores NULL, so a span without the counter must stay NULL explicitly.
  return sql`(SELECT greatest(d, 0) FROM (SELECT ${counterAt(key, 'last')} - ${counterAt(key, 'first')} AS d) AS x
    WHERE d IS NOT NULL)`;
}

/**
 * The plant's consumption of a local day, generation + import − export + discharge − charge,
 * stored on the plant's first meter (lowest id) so that summing load_kwh over a plant's devices
 * gives the plant's load. Plants without a meter have no load figure (0).
 */
async function refreshPlantLoad(trx: Db, samples: readonly TouchedSample[]): Promise<void> {
  const plantDays = distinctBy(
    samples.filter((s) => s.plantId !== null),
    (s) => `${s.plantId}|${s.timeZone}|${quarterHour(s.ts)}`,
  );
  if (plantDays.length === 0) return;
  await sql`
    WITH plant_days AS (
      SELECT DISTINCT t.plant_id, (t.ts AT TIME ZONE t.tz)::date AS day
      FROM unnest(${plantDays.map((p) => p.plantId!)}::int[], ${plantDays.map((p) => p.ts.toISOString())}::timestamptz[],
                  ${plantDays.map((p) => p.timeZone)}::text[]) AS t (plant_id, ts, tz)
    ), totals AS (
      SELECT pd.plant_id, pd.day,
        COALESCE(sum(e.energy_kwh) FILTER (WHERE d.kind = 'inverter'), 0)
          + COALESCE(sum(e.import_kwh), 0) - COALESCE(sum(e.export_kwh), 0)
          + COALESCE(sum(e.discharge_kwh), 0) - COALESCE(sum(e.charge_kwh), 0) AS load_kwh,
        min(d.id) FILTER (WHERE d.kind = 'meter') AS meter_id
      FROM plant_days pd
      JOIN dataloggers dl ON dl.plant_id = pd.plant_id
      JOIN devices d ON d.datalogger_id = dl.id
      LEFT JOIN energy_daily e ON e.device_id = d.id AND e.day = pd.day
      GROUP BY pd.plant_id, pd.day
    )
    UPDATE energy_daily e SET load_kwh = greatest(totals.load_kwh, 0)
    FROM totals WHERE e.device_id = totals.meter_id AND e.day = totals.day
  `.execute(trx);
}

/**
 * After a plant's time zone changed: its energy_daily rows are re-bucketed into the new local
 * days from the raw samples still kept (days older than the raw retention keep their rows).
 */
export async function rebuildPlantEnergy(db: Db, plantId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForRollups(trx, [{ plantId }]);
    const plant = await trx
      .selectFrom('plants')
      .select('time_zone')
      .where('id', '=', plantId)
      .executeTakeFirst();
    if (!plant) return;
    // One sample per device and quarter-hour is enough to name every local day touched.
    const slots = await sql<{ device_id: number; kind: DeviceKind; ts: Date }>`
      SELECT s.device_id, d.kind, min(s.ts) AS ts
      FROM samples s
      JOIN devices d ON d.id = s.device_id
      JOIN dataloggers dl ON dl.id = d.datalogger_id
      WHERE dl.plant_id = ${plantId}
      GROUP BY s.device_id, d.kind, floor(extract(epoch FROM s.ts) / 900)
    `.execute(trx);
    if (slots.rows.length === 0) return;
    const first = slots.rows.reduce((min, r) => (r.ts < min ? r.ts : min), slots.rows[0]!.ts);
    await sql`
      DELETE FROM energy_daily e USING devices d, dataloggers dl
      WHERE e.device_id = d.id AND dl.id = d.datalogger_id AND dl.plant_id = ${plantId}
        AND e.day >= (${first.toISOString()}::timestamptz AT TIME ZONE ${plant.time_zone})::date - 1
    `.execute(trx);
    await refreshEnergyDaily(
      trx,
      slots.rows.map((r) => ({
        deviceId: r.device_id,
        kind: r.kind,
        ts: r.ts,
        timeZone: plant.time_zone,
        plantId,
      })),
    );
  });
}
