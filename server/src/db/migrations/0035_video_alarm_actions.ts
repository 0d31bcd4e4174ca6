import { type Kysely, sql } from 'kysely';

/**
 * What an alarm does per camera space: the event levels that cut clips and move cameras
 * (`alarm_levels`, the fixed F and P before), the preset a channel goes to on such an alarm
 * (`alarm_preset`), and the log of PTZ commands, by a user or by the system on an alarm
 * (`user_id` null, `event_id` set: at most one move per event and channel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE video_spaces
      ADD COLUMN alarm_levels text[] NOT NULL DEFAULT '{F,P}'
        CHECK (alarm_levels <@ '{F,W,P}'::text[])
  `.execute(db);
  await sql`
    ALTER TABLE video_channels
      ADD COLUMN alarm_preset smallint CHECK (alarm_preset BETWEEN 1 AND 8)
  `.execute(db);
  await sql`
    CREATE TABLE video_ptz_commands (
      id serial PRIMARY KEY,
      channel_id integer NOT NULL REFERENCES video_channels (id) ON DELETE CASCADE,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      preset_number smallint,
      event_id bigint REFERENCES events (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX video_ptz_commands_channel_idx ON video_ptz_commands (channel_id, created_at)`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX video_ptz_commands_alarm_idx ON video_ptz_commands (event_id, channel_id)
      WHERE event_id IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE video_ptz_commands`.execute(db);
  await sql`ALTER TABLE video_channels DROP COLUMN alarm_preset`.execute(db);
  await sql`ALTER TABLE video_spaces DROP COLUMN alarm_levels`.execute(db);
}
