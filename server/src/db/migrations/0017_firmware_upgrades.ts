import { type Kysely, sql } from 'kysely';

/**
 * The firmware library (spec section 3) and remote upgrades: one row per firmware with its file
 * in object storage, one row per upgrade attempt (also the maintenance log), and the firmware
 * version and hardware a device reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE firmwares (
      id serial PRIMARY KEY,
      company_id integer REFERENCES companies (id) ON DELETE CASCADE,
      firm_id text NOT NULL,
      brand text NOT NULL,
      product text NOT NULL,
      epn text NOT NULL,
      equip_type integer NOT NULL CHECK (equip_type IN (1, 2, 7, 10)),
      version text NOT NULL,
      file_name text NOT NULL,
      object_key text NOT NULL,
      size_bytes integer NOT NULL,
      sha256 text NOT NULL,
      upgrade_mode text NOT NULL CHECK (upgrade_mode IN ('remote', 'local')),
      strategy text NOT NULL CHECK (strategy IN ('forced', 'prompt')),
      is_enabled boolean NOT NULL DEFAULT true,
      notes text NOT NULL DEFAULT '',
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX firmwares_product_idx ON firmwares (equip_type, product, created_at DESC);

    ALTER TABLE devices
      ADD COLUMN firmware_version text,
      ADD COLUMN hardware_version text;

    CREATE TABLE upgrade_jobs (
      id uuid PRIMARY KEY,
      batch_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('single', 'batch', 'cut')),
      firmware_id integer REFERENCES firmwares (id) ON DELETE SET NULL,
      firmware_file_name text NOT NULL,
      datalogger_id integer NOT NULL REFERENCES dataloggers (id) ON DELETE CASCADE,
      device_id integer REFERENCES devices (id) ON DELETE CASCADE,
      sn text NOT NULL,
      device_kind text NOT NULL,
      plant_id integer REFERENCES plants (id) ON DELETE SET NULL,
      from_version text,
      to_version text NOT NULL,
      status text NOT NULL
        CHECK (status IN ('scheduled', 'sending', 'downloading', 'installing', 'succeeded',
                          'failed', 'canceled')),
      percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
      failure_reason text,
      -- The portal's address as the requester reached it; the device's download URL starts with it.
      download_base_url text NOT NULL,
      token_hash text NOT NULL,
      token_expires_at timestamptz NOT NULL,
      scheduled_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX upgrade_jobs_sn_idx ON upgrade_jobs (sn, created_at DESC);
    CREATE INDEX upgrade_jobs_batch_idx ON upgrade_jobs (batch_id);
    CREATE INDEX upgrade_jobs_created_idx ON upgrade_jobs (created_at DESC);
    CREATE INDEX upgrade_jobs_open_idx ON upgrade_jobs (token_expires_at)
      WHERE status NOT IN ('succeeded', 'failed', 'canceled');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE upgrade_jobs;
    ALTER TABLE devices DROP COLUMN firmware_version, DROP COLUMN hardware_version;
    DROP TABLE firmwares;
  `.execute(db);
}
