import { type Kysely, sql } from 'kysely';

/**
 * A device's day of readings, the lists of the device families beyond inverters and the
 * communication log join the export kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit', 'deviceDay', 'devices', 'commandLog'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM exports WHERE kind IN ('deviceDay', 'devices', 'commandLog');
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit'));
  `.execute(db);
}
