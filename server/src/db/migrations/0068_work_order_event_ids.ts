import { type Kysely, sql } from 'kysely';

/** An event's id is a `bigint` (`events.id` is `bigserial`): the work order's link holds one whole. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE work_order_events ALTER COLUMN event_id TYPE bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE work_order_events ALTER COLUMN event_id TYPE integer`.execute(db);
}
