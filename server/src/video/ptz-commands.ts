import type { PtzAction, VideoPtzCommandRow } from '@solar/contract';
import { VIDEO_PTZ_LOG_LIMIT } from '@solar/contract';
import type { Db } from '../db/database.js';

/** One PTZ command to log: by a user, or by the system on an alarm (`userId` null, `eventId`). */
export interface PtzCommand {
  channelId: number;
  userId: number | null;
  action: PtzAction | 'preset';
  presetNumber?: number;
  eventId?: number;
}

/**
 * Logs a PTZ command; false when the channel was already moved for that alarm (the unique
 * index on event and channel makes each alarm move a channel once, whichever process runs).
 */
export async function recordPtzCommand(db: Db, command: PtzCommand): Promise<boolean> {
  const row = await db
    .insertInto('video_ptz_commands')
    .values({
      channel_id: command.channelId,
      user_id: command.userId,
      action: command.action,
      preset_number: command.presetNumber ?? null,
      event_id: command.eventId ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'channel_id']).where('event_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest commands of a channel (its visibility is checked by the caller). */
export async function listPtzCommands(db: Db, channelId: number): Promise<VideoPtzCommandRow[]> {
  const rows = await db
    .selectFrom('video_ptz_commands as pc')
    .leftJoin('users as u', 'u.id', 'pc.user_id')
    .select([
      'pc.id',
      'pc.created_at',
      'pc.action',
      'pc.preset_number',
      'pc.event_id',
      'u.email as user_email',
    ])
    .where('pc.channel_id', '=', channelId)
    .orderBy('pc.created_at', 'desc')
    .orderBy('pc.id', 'desc')
    .limit(VIDEO_PTZ_LOG_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.created_at.toISOString(),
    action: row.action as VideoPtzCommandRow['action'],
    presetNumber: row.preset_number,
    userEmail: row.user_email,
    eventId: row.event_id === null ? null : Number(row.event_id),
  }));
}
