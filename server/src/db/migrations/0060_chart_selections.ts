import { type Kysely, sql } from 'kysely';

/**
 * The parameters each user last chose for a chart of selectable parameters (spec section 7,
 * `/chart/param/custom`): the custom chart (at most 6) and the day-curve series (at most 30),
 * one selection per user and chart, checked by the contract's rule before it is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chart_selections (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chart text NOT NULL CHECK (chart IN ('custom', 'series')),
      params text[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, chart)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chart_selections`.execute(db);
}
