import { type Kysely, sql } from 'kysely';

/**
 * Wall-screen display links: a random token (only its SHA-256 is kept) that shows one user's
 * fleet, or one plant of it, until it expires or its creator revokes it. Download-centre
 * files: what the platform administrator publishes, its bytes in the object store.
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
  await sql`
    CREATE TABLE download_files (
      id serial PRIMARY KEY,
      title text NOT NULL,
      category text NOT NULL,
      language text NOT NULL,
      version text,
      file_name text NOT NULL,
      object_key text NOT NULL UNIQUE,
      size bigint NOT NULL,
      uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX download_files_created_idx ON download_files (created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE download_files, fullscreen_links`.execute(db);
}
