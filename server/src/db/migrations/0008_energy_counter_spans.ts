import { type Kysely, sql } from 'kysely';
import { rebuildCounterSpans } from '../../rollups/counter-spans.js';

/**
 * Incremental rollups. Daily energy: per device, plant-local day and counter, the first and
 * last reading (by time) and the highest; a new sample only moves these ends. Power buckets:
 * the sum and count of their samples; a new sample adds to them. Neither needs the raw samples
 * read again. Both are filled from the raw samples already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE energy_counter_spans (
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      day date NOT NULL,
      counter text NOT NULL,
      first_ts timestamptz NOT NULL,
      first_value double precision NOT NULL,
      last_ts timestamptz NOT NULL,
      last_value double precision NOT NULL,
      max_value double precision NOT NULL,
      PRIMARY KEY (device_id, day, counter)
    )
  `.execute(db);
  await rebuildCounterSpans(db, sql`true`);
  await sql`
    ALTER TABLE power_5min
      ADD COLUMN power_sum double precision NOT NULL DEFAULT 0,
      ADD COLUMN sample_count integer NOT NULL DEFAULT 0
  `.execute(db);
  await sql`
    UPDATE power_5min p SET power_sum = agg.power_sum, sample_count = agg.sample_count
    FROM (
      SELECT p.device_id, p.bucket, sum((s.values ->> k.key)::double precision) AS power_sum,
        count(*)::int AS sample_count
      FROM power_5min p
      JOIN devices d ON d.id = p.device_id
      JOIN (VALUES ('inverter', 'pac_w'), ('meter', 'p_grid_w'), ('battery', 'p_bat_w')) AS k (kind, key)
        ON k.kind = d.kind
      JOIN samples s ON s.device_id = p.device_id AND s.ts >= p.bucket
        AND s.ts < p.bucket + interval '5 minutes'
      WHERE jsonb_typeof(s.values -> k.key) = 'number'
      GROUP BY p.device_id, p.bucket
    ) AS agg
    WHERE p.device_id = agg.device_id AND p.bucket = agg.bucket
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE power_5min DROP COLUMN power_sum, DROP COLUMN sample_count`.execute(db);
  await sql`DROP TABLE energy_counter_spans`.execute(db);
}
