import { type Kysely, sql } from 'kysely';

/**
 * Text messages: the number an account wants alarms texted to and its opt-in, the outbox every
 * message passes through (like `mail_outbox`), and the per-account daily count that caps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN sms_phone text,
      ADD COLUMN sms_opt_in boolean NOT NULL DEFAULT false;
    CREATE TABLE sms_outbox (
      id bigserial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      phone text NOT NULL,
      text text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('alarm', 'verification')),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      error text,
      dedupe_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX sms_outbox_status_created ON sms_outbox (status, created_at DESC);
    CREATE TABLE sms_daily_counts (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day date NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (user_id, day)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sms_daily_counts, sms_outbox;
    ALTER TABLE users DROP COLUMN sms_opt_in, DROP COLUMN sms_phone;
  `.execute(db);
}
