import { type Kysely, sql } from 'kysely';

/**
 * The SunSpec model ids a device declares (reported by an edge agent): a register map imported
 * from a SunSpec model applies to the devices that declare it, never to a whole family.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE devices ADD COLUMN sunspec_models integer[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE devices DROP COLUMN sunspec_models`.execute(db);
}
