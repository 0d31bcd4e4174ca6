import { type Kysely, sql } from 'kysely';

/**
 * Every change of a datalogger's credentials (added, key or SN changed, deleted) notifies
 * `datalogger_credentials` with its SN when it commits, so the processes that keep the external
 * broker's accounts (`broker/broker-accounts.ts`) update that datalogger's account whichever
 * code path or tool changed the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_datalogger_credentials() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM pg_notify('datalogger_credentials', OLD.sn);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('datalogger_credentials', NEW.sn);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER dataloggers_credentials_changed
      AFTER INSERT OR DELETE OR UPDATE OF sn, registration_key ON dataloggers
      FOR EACH ROW EXECUTE FUNCTION notify_datalogger_credentials();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER dataloggers_credentials_changed ON dataloggers;
    DROP FUNCTION notify_datalogger_credentials();
  `.execute(db);
}
