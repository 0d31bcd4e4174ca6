import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notices (
      id serial PRIMARY KEY,
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2)),
      type smallint NOT NULL CHECK (type IN (0, 1)),
      scope text NOT NULL DEFAULT '0',
      start_time timestamptz NOT NULL,
      end_time timestamptz NOT NULL,
      effective_time timestamptz NOT NULL,
      zh_desc text NOT NULL DEFAULT '',
      en_desc text NOT NULL DEFAULT '',
      zh_duration text NOT NULL DEFAULT '',
      en_duration text NOT NULL DEFAULT '',
      suggests jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (start_time < end_time),
      CHECK (effective_time >= start_time)
    );
    CREATE INDEX notices_in_effect_idx ON notices (scope, status, effective_time, end_time);

    CREATE TABLE versions (
      id serial PRIMARY KEY,
      version text NOT NULL UNIQUE,
      released_at timestamptz NOT NULL DEFAULT now(),
      notes jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX versions_released_idx ON versions (released_at DESC);

    CREATE TABLE language_dictionaries (
      code text PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE language_entries (
      id bigserial PRIMARY KEY,
      dictionary_code text NOT NULL REFERENCES language_dictionaries (code) ON DELETE CASCADE,
      lan text NOT NULL,
      key text NOT NULL,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (dictionary_code, lan, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE language_entries, language_dictionaries, versions, notices;`.execute(db);
}
