import { type Kysely, sql } from 'kysely';

/**
 * Wall-screen display links: a random token (only its SHA-256 is kept) that shows one user's
 * fleet, or one plant of it, until it expires or its creator revokes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE fullscreen_links (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CHECK (expires_at > created_at)
    )
  `.execute(db);
  await sql`CREATE INDEX fullscreen_links_creator_idx ON fullscreen_links (created_by)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE fullscreen_links`.execute(db);
}
