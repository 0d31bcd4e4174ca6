import { type Kysely, sql } from 'kysely';

/**
 * The command channel's log (docs/device-protocol.md, "Commands (downlink)"): one row per
 * command a user sent to a datalogger or a device behind it, through its whole life. The raw
 * debug exchange (`raw`) is a command too; the debug log is the rows named `raw`, the
 * communication log the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_commands (
      id uuid PRIMARY KEY,
      datalogger_id integer NOT NULL REFERENCES dataloggers (id) ON DELETE CASCADE,
      device_id integer REFERENCES devices (id) ON DELETE SET NULL,
      target_sn text NOT NULL,
      name text NOT NULL,
      args jsonb NOT NULL DEFAULT '{}'::jsonb,
      state text NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'sent', 'acknowledged', 'done', 'failed', 'timedOut')),
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      acknowledged_at timestamptz,
      finished_at timestamptz,
      deadline timestamptz NOT NULL,
      result jsonb,
      reason text
    )
  `.execute(db);
  await sql`CREATE INDEX device_commands_datalogger_idx ON device_commands (datalogger_id, created_at)`.execute(
    db,
  );
  await sql`
    CREATE INDEX device_commands_open_idx ON device_commands (deadline)
      WHERE state IN ('queued', 'sent', 'acknowledged')
  `.execute(db);
  await sql`CREATE INDEX device_commands_created_idx ON device_commands (created_at DESC)`.execute(
    db,
  );
  // Every change of state is announced, so the server process whose HTTP call waits for the
  // command learns of it whichever process took the device's reply (MQTT or HTTP).
  await sql`
    CREATE FUNCTION device_commands_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('device_commands', NEW.id::text);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER device_commands_state_changed
      AFTER UPDATE OF state ON device_commands
      FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state)
      EXECUTE FUNCTION device_commands_notify()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE device_commands`.execute(db);
  await sql`DROP FUNCTION device_commands_notify()`.execute(db);
}
