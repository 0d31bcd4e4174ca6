import { type Kysely, sql } from 'kysely';

/**
 * Timed tasks of smart and AC switches and their runs. A task holds wall-clock terms (a local
 * date or weekdays, and a time) evaluated in its plant's time zone, and `next_run_at`, the next
 * instant they name: the dispatcher claims due tasks with FOR UPDATE SKIP LOCKED, so two server
 * processes never claim one twice, and a task missed while no process ran is still due after a
 * restart. One run row per task and due instant (unique) keeps a run from being created twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE switch_tasks (
      id serial PRIMARY KEY,
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('once', 'repeat')),
      action text NOT NULL CHECK (action IN ('on', 'off')),
      local_date date,
      weekdays smallint[] NOT NULL DEFAULT '{}',
      local_time text NOT NULL CHECK (local_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      next_run_at timestamptz,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'once') = (local_date IS NOT NULL)),
      CHECK (kind = 'once' OR cardinality(weekdays) > 0)
    )
  `.execute(db);
  await sql`CREATE INDEX switch_tasks_device_idx ON switch_tasks (device_id)`.execute(db);
  await sql`CREATE INDEX switch_tasks_due_idx ON switch_tasks (next_run_at) WHERE next_run_at IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE switch_task_runs (
      id serial PRIMARY KEY,
      task_id integer NOT NULL REFERENCES switch_tasks (id) ON DELETE CASCADE,
      due_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'retrying', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      command_id uuid,
      reason text,
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (task_id, due_at)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE switch_task_runs`.execute(db);
  await sql`DROP TABLE switch_tasks`.execute(db);
}
