import { EVENT_LEVEL_LETTERS } from '@solar/contract';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { levelLetterIs } from '../events/events.service.js';

/**
 * Whether the event's level is one of its camera space's alarm levels (the query joins
 * `events` and the space as `s`): the one rule for which alarms cut clips and move cameras.
 */
export function isSpaceAlarmLevel(
  eb: ExpressionBuilder<Database & { s: Database['video_spaces'] }, 'events' | 's'>,
) {
  return eb.or(
    EVENT_LEVEL_LETTERS.map((letter) =>
      eb.and([
        levelLetterIs('events.level', letter),
        sql<SqlBool>`${letter} = ANY(${sql.ref('s.alarm_levels')})`,
      ]),
    ),
  );
}

/**
 * The alarms of their space's alarm levels, one row per camera channel (`c`) of the camera
 * (`vd`) at the alarm's plant: what alarm clips and alarm presets start from.
 */
export function alarmsAtCameraChannels(db: Db) {
  return db
    .selectFrom('events')
    .innerJoin('devices as dv', 'dv.id', 'events.device_id')
    .innerJoin('dataloggers as dl', 'dl.id', 'dv.datalogger_id')
    .innerJoin('video_devices as vd', 'vd.plant_id', 'dl.plant_id')
    .innerJoin('video_spaces as s', 's.id', 'vd.space_id')
    .innerJoin('video_channels as c', 'c.device_id', 'vd.id')
    .where((eb) => isSpaceAlarmLevel(eb));
}
