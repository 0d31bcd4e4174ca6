import { type Kysely, sql } from 'kysely';
import { rebuildCounterSpans } from '../../rollups/counter-spans.js';

/**
 * Incremental daily energy: per device, plant-local day and counter, the first and last reading
 * (by time) and the highest. A new sample only moves these ends, so a day's energy no longer
 * needs the day's raw samples read again. Filled from the raw samples already stored.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE energy_counter_spans`.execute(db);
}
