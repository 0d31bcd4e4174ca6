import { type Kysely, sql } from 'kysely';

/**
 * Datalogger management: who holds a datalogger while it is bound to no plant (a company, or an
 * account without one), its connection password, and the communication settings the portal
 * stores for it. Dataloggers already bound to a plant are held by that plant's company and owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE dataloggers
      ADD COLUMN owner_company_id integer REFERENCES companies (id) ON DELETE SET NULL,
      ADD COLUMN owner_user_id integer REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN connection_password text,
      ADD COLUMN transport text NOT NULL DEFAULT 'mqtt' CHECK (transport IN ('mqtt', 'http')),
      ADD COLUMN report_interval_seconds integer NOT NULL DEFAULT 60
        CHECK (report_interval_seconds BETWEEN 30 AND 3600),
      ADD COLUMN is_remote_setting_enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN settings_updated_at timestamptz;
    CREATE INDEX dataloggers_owner_company_idx ON dataloggers (owner_company_id);
    CREATE INDEX dataloggers_owner_user_idx ON dataloggers (owner_user_id);
    UPDATE dataloggers SET owner_company_id = plants.company_id, owner_user_id = plants.owner_user_id
      FROM plants WHERE plants.id = dataloggers.plant_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE dataloggers
      DROP COLUMN owner_company_id,
      DROP COLUMN owner_user_id,
      DROP COLUMN connection_password,
      DROP COLUMN transport,
      DROP COLUMN report_interval_seconds,
      DROP COLUMN is_remote_setting_enabled,
      DROP COLUMN settings_updated_at;
  `.execute(db);
}
