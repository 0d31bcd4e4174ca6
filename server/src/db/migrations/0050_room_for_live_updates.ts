import { type Kysely, sql } from 'kysely';

/**
 * Every data message rewrites its devices' rows in these four tables. With full pages the new
 * row version lands on another page, so every index of the table is written again and dead
 * versions pile up faster than autovacuum clears them (under fleet load, 10% of the updates of
 * `devices`, `power_5min` and `energy_counter_spans` stayed on their page). Pages filled to 70%
 * leave room for the next version beside the old one (a HOT update: no index write, and the old
 * version is pruned by the next reader of the page), and autovacuum visits these tables after 2%
 * of their rows changed instead of 20%.
 */
const LIVE_TABLES = ['devices', 'power_5min', 'energy_counter_spans', 'energy_daily'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LIVE_TABLES)
    await sql`
      ALTER TABLE ${sql.table(table)} SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05)
    `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LIVE_TABLES)
    await sql`
      ALTER TABLE ${sql.table(table)} RESET (fillfactor, autovacuum_vacuum_scale_factor,
        autovacuum_analyze_scale_factor)
    `.execute(db);
}
