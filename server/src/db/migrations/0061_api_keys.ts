import { type Kysely, sql } from 'kysely';

/**
 * API keys (issue 38): each acts as its owner (`user_id`) within its scopes and plants; a
 * company service key also names its company. Only the SHA-256 of the key is kept; `prefix`
 * (the key's first characters) finds it. `api_key_usage` counts each key's calls in its current
 * minute and day, one row per key and window, raised by one UPSERT per call. Audit entries name
 * the key a write was made with; companies may set their keys' default budgets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      company_id integer REFERENCES companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL UNIQUE,
      secret_hash bytea NOT NULL,
      scopes text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'write'] AND cardinality(scopes) > 0),
      plant_ids integer[],
      per_minute integer CHECK (per_minute > 0),
      per_day integer CHECK (per_day > 0),
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz,
      last_used_address text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_keys_user_id ON api_keys (user_id);
    CREATE INDEX api_keys_company_id ON api_keys (company_id) WHERE company_id IS NOT NULL;

    CREATE TABLE api_key_usage (
      api_key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
      window_kind text NOT NULL CHECK (window_kind IN ('minute', 'day')),
      window_start timestamptz NOT NULL,
      calls integer NOT NULL,
      PRIMARY KEY (api_key_id, window_kind)
    );

    ALTER TABLE companies
      ADD COLUMN api_key_per_minute integer CHECK (api_key_per_minute > 0),
      ADD COLUMN api_key_per_day integer CHECK (api_key_per_day > 0);

    ALTER TABLE audit_entries
      ADD COLUMN api_key_id integer REFERENCES api_keys (id) ON DELETE SET NULL,
      ADD COLUMN api_key_name text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_entries DROP COLUMN api_key_name, DROP COLUMN api_key_id;
    ALTER TABLE companies DROP COLUMN api_key_per_day, DROP COLUMN api_key_per_minute;
    DROP TABLE api_key_usage;
    DROP TABLE api_keys;
  `.execute(db);
}
