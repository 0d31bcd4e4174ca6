import { type Kysely, sql } from 'kysely';

/**
 * Upgrade campaigns (docs/firmware.md "Campaigns"): the campaign with its rules and state, its
 * devices (fixed when it starts) with their wave and result, and one row per wave. A wave's
 * devices get ordinary upgrade jobs of kind `campaign`, which the `upgrades-start-due` job sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE upgrade_jobs DROP CONSTRAINT upgrade_jobs_kind_check;
    ALTER TABLE upgrade_jobs ADD CONSTRAINT upgrade_jobs_kind_check
      CHECK (kind IN ('single', 'batch', 'cut', 'campaign'));

    CREATE TABLE upgrade_campaigns (
      id uuid PRIMARY KEY,
      company_id integer REFERENCES companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      firmware_id integer REFERENCES firmwares (id) ON DELETE SET NULL,
      firmware_file_name text NOT NULL,
      to_version text NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'paused', 'canceled', 'completed')),
      pause_reason text CHECK (pause_reason IN ('user', 'failureRate')),
      canary_percent numeric NOT NULL,
      growth_factor numeric NOT NULL,
      max_wave_size integer NOT NULL,
      failure_threshold_percent numeric NOT NULL,
      wave_timeout_minutes integer NOT NULL,
      offline_retries integer NOT NULL,
      window_mode text NOT NULL CHECK (window_mode IN ('any', 'night', 'hours')),
      window_start text,
      window_end text,
      current_wave integer NOT NULL DEFAULT 0,
      download_base_url text NOT NULL,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX upgrade_campaigns_company_idx ON upgrade_campaigns (company_id, created_at DESC);
    CREATE INDEX upgrade_campaigns_running_idx ON upgrade_campaigns (status)
      WHERE status = 'running';

    CREATE TABLE upgrade_campaign_waves (
      campaign_id uuid NOT NULL REFERENCES upgrade_campaigns (id) ON DELETE CASCADE,
      number integer NOT NULL,
      size integer NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (campaign_id, number)
    );

    CREATE TABLE upgrade_campaign_devices (
      campaign_id uuid NOT NULL REFERENCES upgrade_campaigns (id) ON DELETE CASCADE,
      sn text NOT NULL,
      device_kind text NOT NULL,
      datalogger_id integer NOT NULL REFERENCES dataloggers (id) ON DELETE CASCADE,
      device_id integer REFERENCES devices (id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants (id) ON DELETE SET NULL,
      position integer NOT NULL,
      wave integer,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'sent', 'succeeded', 'failed', 'offline', 'skipped',
                          'canceled')),
      from_version text,
      offline_checks integer NOT NULL DEFAULT 0,
      checked_at timestamptz,
      job_id uuid REFERENCES upgrade_jobs (id) ON DELETE SET NULL,
      reason text,
      PRIMARY KEY (campaign_id, sn)
    );
    CREATE INDEX upgrade_campaign_devices_order_idx
      ON upgrade_campaign_devices (campaign_id, status, position);
    -- One upgrade job per device and wave: a retried step can never send a device twice.
    CREATE UNIQUE INDEX upgrade_campaign_devices_job_idx ON upgrade_campaign_devices (job_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE upgrade_campaign_devices;
    DROP TABLE upgrade_campaign_waves;
    DROP TABLE upgrade_campaigns;
    DELETE FROM upgrade_jobs WHERE kind = 'campaign';
    ALTER TABLE upgrade_jobs DROP CONSTRAINT upgrade_jobs_kind_check;
    ALTER TABLE upgrade_jobs ADD CONSTRAINT upgrade_jobs_kind_check
      CHECK (kind IN ('single', 'batch', 'cut'));
  `.execute(db);
}
