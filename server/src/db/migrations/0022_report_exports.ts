import { type Kysely, sql } from 'kysely';

/** Energy reports (per plant, day or month over plant-local days) join the export kinds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM exports WHERE kind = 'report';
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters'));
  `.execute(db);
}
