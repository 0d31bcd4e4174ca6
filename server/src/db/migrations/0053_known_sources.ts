import { type Kysely, sql } from 'kysely';

/**
 * Where an account or a datalogger authenticated before: an address or a device cookie (its
 * digest). A known source has attempt budgets of its own that an attacker elsewhere cannot
 * spend, so it passes while the account or datalogger is under attack.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE known_sources (
      subject text NOT NULL,
      source text NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subject, source)
    );
    CREATE INDEX known_sources_last_seen_idx ON known_sources (last_seen_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE known_sources;`.execute(db);
}
