import { type Kysely, sql } from 'kysely';

/**
 * Register maps imported from SunSpec model descriptions, one row per version of a model
 * family. The built-in maps live in the contract; a stored version newer than them wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE register_maps (
      id serial PRIMARY KEY,
      family text NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      name text NOT NULL,
      source text NOT NULL CHECK (source IN ('sunspec')),
      sunspec_model_id integer,
      definition jsonb NOT NULL,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (family, version)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE register_maps`.execute(db);
}
