import { EVENT_LEVEL_LETTERS } from '@solar/contract';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
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
