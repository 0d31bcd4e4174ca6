import { type Kysely, sql } from 'kysely';

/**
 * Export files built in the background (the export centre) and their download records: who
 * asked for what, the build's progress, and the stored file until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exports (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('plants', 'events', 'inverters')),
      format text NOT NULL CHECK (format IN ('xlsx', 'csv')),
      locale text NOT NULL,
      filters jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'ready', 'failed')),
      percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
      attempts integer NOT NULL DEFAULT 0,
      row_count integer,
      file_name text NOT NULL,
      object_key text,
      size_bytes bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz
    );
    CREATE INDEX exports_user_created ON exports (user_id, created_at DESC);
    CREATE INDEX exports_expires ON exports (expires_at) WHERE expires_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE exports`.execute(db);
}
