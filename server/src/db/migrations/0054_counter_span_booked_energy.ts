import { type Kysely, sql } from 'kysely';

/**
 * A counter span books the sum of its plausible steps (see `rollups/counter-spans.ts`) instead
 * of last minus first reading. Days stored before keep their figure: re-reading every raw
 * sample here would hold the upgrade for long, and a plant's time zone change rebuilds its days
 * by the new rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE energy_counter_spans ADD COLUMN booked_kwh double precision`.execute(db);
  await sql`
    UPDATE energy_counter_spans SET booked_kwh = greatest(last_value - first_value, 0)
  `.execute(db);
  await sql`ALTER TABLE energy_counter_spans ALTER COLUMN booked_kwh SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE energy_counter_spans DROP COLUMN booked_kwh`.execute(db);
}
