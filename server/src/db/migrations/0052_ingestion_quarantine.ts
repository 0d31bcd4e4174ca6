import { type Kysely, sql } from 'kysely';

/**
 * Datalogger messages that passed validation but that storage refused (docs/device-protocol.md,
 * 1.3): set aside with the reason, once per datalogger and payload however often it is re-sent,
 * so one message can never hold back the fleet's ingestion, and a platform administrator can
 * ingest it again after a fix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ingestion_quarantine (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      datalogger_sn text NOT NULL,
      transport text NOT NULL CHECK (transport IN ('mqtt', 'http')),
      payload bytea NOT NULL,
      payload_sha256 bytea NOT NULL,
      reason text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      times_seen integer NOT NULL DEFAULT 1,
      UNIQUE (datalogger_sn, payload_sha256)
    );
    CREATE INDEX ingestion_quarantine_last_seen ON ingestion_quarantine (last_seen_at DESC, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ingestion_quarantine`.execute(db);
}
