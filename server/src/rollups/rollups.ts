import type { DeviceKind } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  type CounterJump,
  counterRatings,
  counterReadingsOf,
  extendCounterSpans,
  neighbouringDays,
  rebuildCounterSpans,
  spanEnergies,
  toWh,
} from './counter-spans.js';
import { lockForRollups } from './rollup-locks.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

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
  values: Record<string, unknown>;
}

/** Quarter-hour slot: every UTC offset is a multiple of 15 minutes, so a slot lies in one local day. */
function quarterHour(ts: Date): number {
  return Math.floor(ts.getTime() / 900_000);
}

/**
 * Adds new samples to the 5-minute averages of their buckets: each bucket keeps the sum and
 * count of its samples' power, so a late sample joins its bucket without the others being read.
 */
export async function refreshPower5min(trx: Db, samples: readonly TouchedSample[]): Promise<void> {
  const readings = samples.flatMap((s) => {
    const key = POWER_KEY[s.kind];
    const value = key === undefined ? undefined : s.values[key];
    return typeof value === 'number' && Number.isFinite(value)
      ? [{ deviceId: s.deviceId, bucket: bucketStart(s.ts), value }]
      : [];
  });
  if (readings.length === 0) return;
  await sql`
    INSERT INTO power_5min AS p (device_id, bucket, power_w, power_sum, sample_count)
    SELECT b.device_id, b.bucket, avg(b.value), sum(b.value), count(*)
    FROM unnest(${readings.map((r) => r.deviceId)}::int[], ${readings.map((r) => r.bucket.toISOString())}::timestamptz[],
                ${readings.map((r) => r.value)}::double precision[]) AS b (device_id, bucket, value)
    GROUP BY b.device_id, b.bucket
    ON CONFLICT (device_id, bucket) DO UPDATE SET
      power_sum = p.power_sum + EXCLUDED.power_sum,
      sample_count = p.sample_count + EXCLUDED.sample_count,
      power_w = (p.power_sum + EXCLUDED.power_sum) / (p.sample_count + EXCLUDED.sample_count)
  `.execute(trx);
}

/**
 * Brings energy_daily up to date for every (device, plant-local day) that received a sample:
 * the counter spans take in the new readings, then each touched day is read off its spans.
 * A day's energy is the sum of its counter's plausible steps from one sample to the next, the
 * step across midnight split at the boundary (see `spanEnergies`): a counter that goes back
 * (reset, replaced device) or jumps beyond the device's rating books nothing for that step and
 * counts on from its new value. e_day_kwh (its highest value) is used only for inverters that
 * send no e_total_kwh. Returns the implausible jumps, to be raised.
 */
export async function refreshEnergyDaily(
  trx: Db,
  samples: readonly TouchedSample[],
): Promise<CounterJump[]> {
  const ratings = await counterRatings(
    trx,
    sql`d.id = ANY(${[...new Set(samples.map((s) => s.deviceId))]}::int[])`,
  );
  const jumps = await extendCounterSpans(
    trx,
    ratings,
    samples.flatMap((s) =>
      counterReadingsOf(s.kind, s.values).map(({ counter, value }) => ({
        deviceId: s.deviceId,
        ts: s.ts,
        timeZone: s.timeZone,
        counter,
        value,
      })),
    ),
  );
  await writeEnergyDaily(trx, ratings, samples);
  return jumps;
}

/**
 * The earliest and latest sample of each device and quarter-hour: enough to name their local
 * days and to tell whether one of them opens or closes its day.
 */
function quarterHourEdges(samples: readonly TouchedSample[]): TouchedSample[] {
  const edges = new Map<string, [TouchedSample, TouchedSample]>();
  for (const s of samples) {
    const key = `${s.deviceId}|${s.timeZone}|${quarterHour(s.ts)}`;
    const edge = edges.get(key);
    if (edge === undefined) edges.set(key, [s, s]);
    else if (s.ts < edge[0].ts) edge[0] = s;
    else if (s.ts > edge[1].ts) edge[1] = s;
  }
  return [...edges.values()].flatMap(([first, last]) => (first === last ? [first] : [first, last]));
}

/**
 * energy_daily of the touched (device, local day) pairs, from their counter spans, and of the
 * neighbouring days whose share of a step across midnight they change.
 */
async function writeEnergyDaily(
  trx: Db,
  ratings: ReadonlyMap<number, number>,
  samples: readonly TouchedSample[],
): Promise<void> {
  const touched = quarterHourEdges(samples);
  if (touched.length === 0) return;
  const energy = (counter: string) => sql`max(e.kwh) FILTER (WHERE e.counter = ${counter})`;
  const written = await sql<{ device_id: number; day: string }>`
    WITH touched AS (
      SELECT t.device_id, t.kind, t.tz, (t.ts AT TIME ZONE t.tz)::date AS day,
        min(t.ts) AS earliest, max(t.ts) AS latest
      FROM unnest(${touched.map((t) => t.deviceId)}::int[], ${touched.map((t) => t.kind)}::text[],
                  ${touched.map((t) => t.ts.toISOString())}::timestamptz[],
                  ${touched.map((t) => t.timeZone)}::text[]) AS t (device_id, kind, ts, tz)
      GROUP BY 1, 2, 3, 4
    ),
    days AS (
      SELECT device_id, kind, tz, day FROM touched
      UNION
      ${neighbouringDays(sql`touched`)}
    ),
    energies AS (${spanEnergies(sql`days`, ratings)})
    INSERT INTO energy_daily (device_id, day, energy_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh)
    SELECT t.device_id, t.day,
      -- Switches and heat pumps keep e_total_kwh spans too, but their use is no generation.
      CASE WHEN t.kind = 'inverter'
        THEN ${toWh(sql`COALESCE(${energy('e_total_kwh')}, ${energy('e_day_kwh')}, 0)`)}
        ELSE 0 END,
      ${toWh(sql`COALESCE(${energy('import_kwh_total')}, 0)`)},
      ${toWh(sql`COALESCE(${energy('export_kwh_total')}, 0)`)},
      ${toWh(sql`COALESCE(${energy('charge_kwh_total')}, 0)`)},
      ${toWh(sql`COALESCE(${energy('discharge_kwh_total')}, 0)`)}
    FROM days t
    LEFT JOIN energies e ON e.device_id = t.device_id AND e.day = t.day
    GROUP BY t.device_id, t.kind, t.day
    ON CONFLICT (device_id, day) DO UPDATE SET
      energy_kwh = EXCLUDED.energy_kwh, import_kwh = EXCLUDED.import_kwh, export_kwh = EXCLUDED.export_kwh,
      charge_kwh = EXCLUDED.charge_kwh, discharge_kwh = EXCLUDED.discharge_kwh
    RETURNING device_id, to_char(day, 'YYYY-MM-DD') AS day
  `.execute(trx);
  const plantOf = new Map(samples.map((s) => [s.deviceId, s.plantId]));
  await refreshPlantLoad(
    trx,
    written.rows.flatMap((row) => {
      const plantId = plantOf.get(row.device_id);
      return plantId == null ? [] : [{ plantId, day: row.day }];
    }),
  );
}

/**
 * The plant's consumption of a local day, generation + import − export + discharge − charge,
 * stored on the plant's first meter (lowest id) so that summing load_kwh over a plant's devices
 * gives the plant's load. Plants without a meter have no load figure (0).
 */
async function refreshPlantLoad(
  trx: Db,
  plantDays: readonly { plantId: number; day: string }[],
): Promise<void> {
  if (plantDays.length === 0) return;
  await sql`
    WITH plant_days AS (
      SELECT DISTINCT t.plant_id, t.day
      FROM unnest(${plantDays.map((p) => p.plantId)}::int[], ${plantDays.map((p) => p.day)}::date[])
        AS t (plant_id, day)
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
    UPDATE energy_daily e SET load_kwh = ${toWh(sql`greatest(totals.load_kwh, 0)`)}
    FROM totals WHERE e.device_id = totals.meter_id AND e.day = totals.day
  `.execute(trx);
}

/**
 * After a plant's time zone changed: its energy_daily rows are re-bucketed into the new local
 * days from the raw samples still kept (days older than the raw retention keep their rows).
 */
export async function rebuildPlantEnergy(db: Db, plantId: number): Promise<void> {
  await retryingTransaction(db, async (trx) => {
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
    for (const table of [sql.table('energy_daily'), sql.table('energy_counter_spans')])
      await sql`
        DELETE FROM ${table} e USING devices d, dataloggers dl
        WHERE e.device_id = d.id AND dl.id = d.datalogger_id AND dl.plant_id = ${plantId}
          AND e.day >= (${first.toISOString()}::timestamptz AT TIME ZONE ${plant.time_zone})::date - 1
      `.execute(trx);
    const ratings = await counterRatings(trx, sql`dl.plant_id = ${plantId}`);
    await rebuildCounterSpans(trx, ratings, sql`dl.plant_id = ${plantId}`);
    await writeEnergyDaily(
      trx,
      ratings,
      slots.rows.map((r) => ({
        deviceId: r.device_id,
        kind: r.kind,
        ts: r.ts,
        timeZone: plant.time_zone,
        plantId,
        values: {},
      })),
    );
  });
}
