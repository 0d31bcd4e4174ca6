import { type Kysely, sql } from 'kysely';

/**
 * The datalogger stock of system management: the factory register gains the model, and every
 * forced unbind is kept with its reason, the plant and company it was taken from and who did it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE dataloggers ADD COLUMN model text;

    CREATE TABLE datalogger_unbinds (
      id bigserial PRIMARY KEY,
      datalogger_id integer NOT NULL REFERENCES dataloggers (id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants (id) ON DELETE SET NULL,
      company_id integer REFERENCES companies (id) ON DELETE SET NULL,
      reason text NOT NULL,
      actor_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX datalogger_unbinds_datalogger_idx ON datalogger_unbinds (datalogger_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE datalogger_unbinds;
    ALTER TABLE dataloggers DROP COLUMN model;
  `.execute(db);
}
