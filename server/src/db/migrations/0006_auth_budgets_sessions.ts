import { type Kysely, sql } from 'kysely';

/**
 * Attempt limits become one counter row per budget, taken with an atomic upsert, and access
 * tokens carry the user's session version so ending sessions also ends their access tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_budgets (
      scope text NOT NULL,
      subject text NOT NULL,
      used integer NOT NULL,
      window_ends_at timestamptz NOT NULL,
      PRIMARY KEY (scope, subject)
    );
    DROP TABLE auth_attempts;
    ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP COLUMN session_version;
    CREATE TABLE auth_attempts (
      id bigserial PRIMARY KEY,
      scope text NOT NULL,
      subject text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX auth_attempts_lookup_idx ON auth_attempts (scope, subject, created_at);
    DROP TABLE auth_budgets;
  `.execute(db);
}
