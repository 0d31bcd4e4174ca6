import { type Kysely, sql } from 'kysely';

/**
 * Clips kept around alarms: one per event and camera channel of the event's plant, cut from
 * the channel's recordings into one MP4 stored with the portal's files (`object_key`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_alarm_clips (
      id serial PRIMARY KEY,
      event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      channel_id integer NOT NULL REFERENCES video_channels (id) ON DELETE CASCADE,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      object_key text NOT NULL,
      size_bytes bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, channel_id)
    )
  `.execute(db);
  await sql`CREATE INDEX video_alarm_clips_channel_idx ON video_alarm_clips (channel_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE video_alarm_clips`.execute(db);
}
