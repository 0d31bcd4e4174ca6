import { type Kysely, sql } from 'kysely';

/**
 * Who acknowledged an event and when (the portal-wide event list marks them), and an index on
 * the start time for that list: it pages over all visible plants newest first, and its time
 * range filters on the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events
      ADD COLUMN acknowledged_at timestamptz,
      ADD COLUMN acknowledged_by integer REFERENCES users (id) ON DELETE SET NULL;
    CREATE INDEX events_started_idx ON events (started_at DESC, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX events_started_idx;
    ALTER TABLE events DROP COLUMN acknowledged_at, DROP COLUMN acknowledged_by;
  `.execute(db);
}
