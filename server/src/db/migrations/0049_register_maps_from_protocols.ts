import { type Kysely, sql } from 'kysely';

/**
 * Register maps imported from a device protocol's columns: a third source beside the built-in
 * maps and SunSpec, with the protocol it came from (its name and version travel in the
 * definition, as they were at the import).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE register_maps DROP CONSTRAINT register_maps_source_check;
    ALTER TABLE register_maps ADD CONSTRAINT register_maps_source_check
      CHECK (source IN ('sunspec', 'protocol'));
    ALTER TABLE register_maps
      ADD COLUMN protocol_id integer REFERENCES device_protocols (id) ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM register_maps WHERE source = 'protocol';
    ALTER TABLE register_maps DROP COLUMN protocol_id;
    ALTER TABLE register_maps DROP CONSTRAINT register_maps_source_check;
    ALTER TABLE register_maps ADD CONSTRAINT register_maps_source_check
      CHECK (source IN ('sunspec'));
  `.execute(db);
}
