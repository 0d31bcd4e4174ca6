import { type Kysely, sql } from 'kysely';

/**
 * Saved report configurations of a user (plants, period, grouping, columns, language, file
 * format) with an optional cron rule; `next_run_at` is claimed by the scheduler. Reports may
 * also be exported as PDF.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_configs (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      plant_ids integer[] NOT NULL DEFAULT '{}',
      period text NOT NULL CHECK (period IN ('day', 'month', 'year')),
      grouping text NOT NULL CHECK (grouping IN ('plant', 'day', 'month')),
      columns text[] NOT NULL,
      language text NOT NULL,
      format text NOT NULL CHECK (format IN ('xlsx', 'pdf')),
      schedule text,
      next_run_at timestamptz,
      last_run_at timestamptz,
      last_export_id integer REFERENCES exports(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, name)
    );
    CREATE INDEX report_configs_due ON report_configs (next_run_at) WHERE next_run_at IS NOT NULL;
    ALTER TABLE exports DROP CONSTRAINT exports_format_check;
    ALTER TABLE exports ADD CONSTRAINT exports_format_check CHECK (format IN ('xlsx', 'csv', 'pdf'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE report_configs;
    DELETE FROM exports WHERE format = 'pdf';
    ALTER TABLE exports DROP CONSTRAINT exports_format_check;
    ALTER TABLE exports ADD CONSTRAINT exports_format_check CHECK (format IN ('xlsx', 'csv'));
  `.execute(db);
}
