import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dataloggers (
      id serial PRIMARY KEY,
      sn text NOT NULL UNIQUE,
      registration_key text NOT NULL,
      plant_id integer REFERENCES plants (id) ON DELETE SET NULL,
      alias text,
      protocol text NOT NULL DEFAULT 'solar-mqtt/1',
      hardware_version text,
      software_version text,
      signal_strength integer,
      iccid text,
      last_online_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX dataloggers_plant_idx ON dataloggers (plant_id);

    CREATE TABLE devices (
      id serial PRIMARY KEY,
      datalogger_id integer NOT NULL REFERENCES dataloggers (id) ON DELETE CASCADE,
      sn text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('inverter', 'meter', 'battery', 'weather')),
      model_code text,
      alias text,
      rated_power_kw numeric(10, 3),
      status text NOT NULL DEFAULT 'offline'
        CHECK (status IN ('normal', 'offline', 'warning', 'fault', 'upgrading', 'protect')),
      last_seen_at timestamptz,
      last_values jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX devices_datalogger_idx ON devices (datalogger_id);

    -- Raw samples, idempotent by (device, timestamp), partitioned by month.
    CREATE TABLE samples (
      device_id integer NOT NULL,
      ts timestamptz NOT NULL,
      values jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_id, ts)
    ) PARTITION BY RANGE (ts);
    CREATE TABLE samples_default PARTITION OF samples DEFAULT;

    -- Power curve: one row per device and 5-minute bucket (UTC-aligned).
    CREATE TABLE power_5min (
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      bucket timestamptz NOT NULL,
      power_w double precision NOT NULL,
      PRIMARY KEY (device_id, bucket)
    );

    -- Energy per device and plant-local day; months, years and totals sum these rows.
    CREATE TABLE energy_daily (
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      day date NOT NULL,
      energy_kwh double precision NOT NULL,
      import_kwh double precision NOT NULL DEFAULT 0,
      export_kwh double precision NOT NULL DEFAULT 0,
      charge_kwh double precision NOT NULL DEFAULT 0,
      discharge_kwh double precision NOT NULL DEFAULT 0,
      load_kwh double precision NOT NULL DEFAULT 0,
      PRIMARY KEY (device_id, day)
    );

    CREATE TABLE event_descriptors (
      code text PRIMARY KEY,
      level smallint NOT NULL,
      texts jsonb NOT NULL
    );

    CREATE TABLE events (
      id bigserial PRIMARY KEY,
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      code text NOT NULL,
      level smallint NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      notified_at timestamptz
    );
    CREATE INDEX events_device_idx ON events (device_id, started_at DESC);
    CREATE UNIQUE INDEX events_open_key ON events (device_id, code) WHERE ended_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE events, event_descriptors, energy_daily, power_5min, samples, devices, dataloggers;`.execute(
    db,
  );
}
