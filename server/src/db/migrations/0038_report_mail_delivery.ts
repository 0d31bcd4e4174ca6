import { type Kysely, sql } from 'kysely';

/**
 * Scheduled reports delivered by mail. A configuration lists its recipients' addresses; each
 * scheduled run with recipients is one `report_deliveries` row, whose files are built once per
 * language and mailed through the outbox. An outbox mail may carry attachments (object-store
 * keys and file names) and points back at its delivery, so the page shows each run as queued,
 * sent or failed with the SMTP server's reason; `attempts` counts the tries. The attached files
 * are removed once every mail of the run went out, or after the retention time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_configs ADD COLUMN recipients text[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
  await sql`
    CREATE TABLE report_deliveries (
      id serial PRIMARY KEY,
      config_id integer NOT NULL REFERENCES report_configs(id) ON DELETE CASCADE,
      period_from date NOT NULL,
      period_to date NOT NULL,
      error text,
      files_removed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX report_deliveries_config ON report_deliveries (config_id, id DESC)`.execute(
    db,
  );
  await sql`
    ALTER TABLE mail_outbox
      ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN report_delivery_id integer REFERENCES report_deliveries(id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX mail_outbox_report_delivery ON mail_outbox (report_delivery_id)
    WHERE report_delivery_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN report_delivery_id, DROP COLUMN attempts,
    DROP COLUMN attachments`.execute(db);
  await sql`DROP TABLE report_deliveries`.execute(db);
  await sql`ALTER TABLE report_configs DROP COLUMN recipients`.execute(db);
}
