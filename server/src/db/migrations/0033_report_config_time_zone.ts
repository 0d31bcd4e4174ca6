import { type Kysely, sql } from 'kysely';

/**
 * The time zone a configuration's cron rule runs in (an IANA name, checked by the contract's
 * rule); the last complete period is the owner's local yesterday, month or year in it.
 * Existing configurations keep UTC, the zone their rules were written for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_configs ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_configs DROP COLUMN time_zone`.execute(db);
}
