import { type Kysely, sql } from 'kysely';

/**
 * Video surveillance: camera spaces of a company, cameras in a space, their channels (one
 * stream each, with the PTZ position the server drives) and stored PTZ presets. Recordings are
 * HLS segment files on disk, named by their start time, so they need no table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_spaces (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      retention_days integer NOT NULL CHECK (retention_days BETWEEN 1 AND 90),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX video_spaces_company_idx ON video_spaces (company_id)`.execute(db);
  await sql`
    CREATE TABLE video_devices (
      id serial PRIMARY KEY,
      space_id integer NOT NULL REFERENCES video_spaces (id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants (id) ON DELETE SET NULL,
      device_id text NOT NULL UNIQUE,
      gb_id text,
      name text NOT NULL,
      protocol text NOT NULL CHECK (protocol IN ('rtmp', 'rtsp', 'simulated')),
      stream_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX video_devices_space_idx ON video_devices (space_id)`.execute(db);
  await sql`CREATE INDEX video_devices_plant_idx ON video_devices (plant_id)`.execute(db);
  await sql`
    CREATE TABLE video_channels (
      id serial PRIMARY KEY,
      device_id integer NOT NULL REFERENCES video_devices (id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number BETWEEN 1 AND 4),
      name text NOT NULL,
      stream_id text NOT NULL UNIQUE,
      is_online boolean NOT NULL DEFAULT false,
      pan double precision NOT NULL DEFAULT 0,
      tilt double precision NOT NULL DEFAULT 0,
      zoom double precision NOT NULL DEFAULT 1,
      UNIQUE (device_id, number)
    )
  `.execute(db);
  await sql`
    CREATE TABLE video_presets (
      channel_id integer NOT NULL REFERENCES video_channels (id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number BETWEEN 1 AND 8),
      name text NOT NULL,
      pan double precision NOT NULL,
      tilt double precision NOT NULL,
      zoom double precision NOT NULL,
      PRIMARY KEY (channel_id, number)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE video_presets, video_channels, video_devices, video_spaces`.execute(db);
}
