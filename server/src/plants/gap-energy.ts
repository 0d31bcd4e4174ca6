import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { counterRatings, stepVerdict } from '../rollups/counter-spans.js';
import { type Granularity, PERIOD_FORMATS } from './plant-calendar.js';
import type { PlantDeviceIds } from './plant-energy.js';

/** The lifetime counter whose steps across an outage are priced (inverters that send it). */
const GAP_COUNTER = 'e_total_kwh';

/**
 * Energy an inverter's lifetime counter booked across outages, per period label and plant-local
 * minute of its 5-minute bucket, within [from, toExclusive) plant-local (either bound may be
 * null). A step between two readings more than one bucket apart is spread evenly over the time
 * between them; its share in a bucket that has a power reading is left out, since the power
 * curve already holds that bucket. Only steps the daily rollups book (no reset, no jump beyond
 * the device's rating) count. Reads the raw samples: days past `RAW_RETENTION_DAYS` have none.
 */
export async function gapEnergyByLocalMinute(
  db: Db,
  devices: PlantDeviceIds,
  timeZone: string,
  granularity: Granularity,
  from: string | null,
  toExclusive: string | null,
): Promise<{ period: string; minute: number; energyKwh: number }[]> {
  if (devices.inverter.length === 0) return [];
  const ratings = await counterRatings(db, sql`d.id = ANY(${devices.inverter})`);
  const local = sql`(share.bucket AT TIME ZONE ${timeZone})`;
  const reading = sql`s.device_id, s.ts, (s.values ->> ${GAP_COUNTER})::double precision AS value`;
  const hasCounter = sql`jsonb_typeof(s.values -> ${GAP_COUNTER}) = 'number'`;
  const verdict = stepVerdict(
    sql`st.previous`,
    sql`st.value`,
    sql`st.ts - st.previous_ts`,
    sql`r.rating_kw`,
  );
  const rows = await sql<{ period: string; minute: number; energy: number }>`
    WITH bounds AS (
      SELECT COALESCE((${from}::date)::timestamp AT TIME ZONE ${timeZone}, '-infinity') AS starts,
        COALESCE((${toExclusive}::date)::timestamp AT TIME ZONE ${timeZone}, 'infinity') AS ends
    ), ratings AS (
      SELECT * FROM unnest(${[...ratings.keys()]}::int[], ${[...ratings.values()]}::double precision[])
        AS r (device_id, rating_kw)
    ), readings AS (
      SELECT ${reading} FROM samples s, bounds b
      WHERE s.device_id = ANY(${devices.inverter}) AND s.ts >= b.starts AND s.ts < b.ends
        AND ${hasCounter}
      UNION ALL
      SELECT edge.* FROM ratings r, bounds b CROSS JOIN LATERAL (
        SELECT ${reading} FROM samples s
        WHERE s.device_id = r.device_id AND s.ts < b.starts AND ${hasCounter}
        ORDER BY s.ts DESC LIMIT 1) edge
      UNION ALL
      SELECT edge.* FROM ratings r, bounds b CROSS JOIN LATERAL (
        SELECT ${reading} FROM samples s
        WHERE s.device_id = r.device_id AND s.ts >= b.ends AND ${hasCounter}
        ORDER BY s.ts LIMIT 1) edge
    ), steps AS (
      SELECT device_id, lag(ts) OVER w AS previous_ts, ts, lag(value) OVER w AS previous, value
      FROM readings WINDOW w AS (PARTITION BY device_id ORDER BY ts)
    ), gaps AS (
      SELECT st.device_id, st.previous_ts, st.ts, st.value - st.previous AS kwh
      FROM steps st JOIN ratings r USING (device_id)
      WHERE st.ts - st.previous_ts > interval '5 minutes' AND st.value > st.previous
        AND ${verdict} = 'booked'
    ), share AS (
      SELECT g.device_id, slot.bucket,
        g.kwh * extract(epoch FROM least(slot.bucket + interval '5 minutes', g.ts)
          - greatest(slot.bucket, g.previous_ts)) / extract(epoch FROM g.ts - g.previous_ts) AS kwh
      FROM gaps g, bounds b
      CROSS JOIN LATERAL generate_series(
        date_bin(interval '5 minutes', g.previous_ts, TIMESTAMPTZ 'epoch'), g.ts, interval '5 minutes'
      ) AS slot (bucket)
      WHERE slot.bucket < g.ts AND slot.bucket >= b.starts AND slot.bucket < b.ends
        AND NOT EXISTS (
          SELECT 1 FROM power_5min p WHERE p.device_id = g.device_id AND p.bucket = slot.bucket)
    )
    SELECT to_char(${local}, ${PERIOD_FORMATS[granularity]}) AS period,
      (EXTRACT(HOUR FROM ${local}) * 60 + EXTRACT(MINUTE FROM ${local}))::int AS minute,
      SUM(share.kwh) AS energy
    FROM share GROUP BY 1, 2`.execute(db);
  return rows.rows.map((row) => ({
    period: row.period,
    minute: Number(row.minute),
    energyKwh: Number(row.energy),
  }));
}
