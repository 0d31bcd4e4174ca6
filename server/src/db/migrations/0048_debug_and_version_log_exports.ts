import { type Kysely, sql } from 'kysely';

/** The debug log and the system update log join the export kinds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit', 'deviceDay', 'devices',
        'commandLog', 'debugLog', 'versionLog'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM exports WHERE kind IN ('debugLog', 'versionLog');
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit', 'deviceDay', 'devices',
        'commandLog'));
  `.execute(db);
}
