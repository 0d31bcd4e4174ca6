import { type Kysely, sql } from 'kysely';

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
  await sql`
    INSERT INTO energy_counter_spans
      (device_id, day, counter, first_ts, first_value, last_ts, last_value, max_value)
    SELECT device_id, day, counter,
      min(ts), (array_agg(value ORDER BY ts))[1],
      max(ts), (array_agg(value ORDER BY ts DESC))[1], max(value)
    FROM (
      SELECT s.device_id, (s.ts AT TIME ZONE COALESCE(p.time_zone, 'UTC'))::date AS day, c.counter,
        s.ts, (s.values ->> c.counter)::double precision AS value
      FROM samples s
      JOIN devices d ON d.id = s.device_id
      JOIN dataloggers dl ON dl.id = d.datalogger_id
      LEFT JOIN plants p ON p.id = dl.plant_id
      JOIN (VALUES ('inverter', 'e_total_kwh'), ('inverter', 'e_day_kwh'),
                   ('meter', 'import_kwh_total'), ('meter', 'export_kwh_total'),
                   ('battery', 'charge_kwh_total'), ('battery', 'discharge_kwh_total'))
        AS c (kind, counter) ON c.kind = d.kind
      WHERE jsonb_typeof(s.values -> c.counter) = 'number'
    ) AS input
    GROUP BY device_id, day, counter
  `.execute(db);
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
