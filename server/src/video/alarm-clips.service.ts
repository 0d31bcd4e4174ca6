import {
  ErrorCode,
  eventLevelLetter,
  type VideoAlarmClipRow,
  type listVideoAlarmClips,
  type ParsedQuery,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { visibleSpaces } from './video-access.js';

type Deps = Pick<AppDeps, 'db' | 'files'>;

/** The clips kept around alarms, seen by whoever sees the camera (video-access.ts). */
export class AlarmClipsService {
  constructor(private readonly deps: Deps) {}

  private visibleClips(auth: AuthContext) {
    return this.deps.db
      .selectFrom('video_alarm_clips as ac')
      .innerJoin('events as e', 'e.id', 'ac.event_id')
      .innerJoin('video_channels as c', 'c.id', 'ac.channel_id')
      .innerJoin('video_devices', 'video_devices.id', 'c.device_id')
      .innerJoin('video_spaces', 'video_spaces.id', 'video_devices.space_id')
      .innerJoin('plants as p', 'p.id', 'video_devices.plant_id')
      .where(visibleSpaces(auth));
  }

  async list(
    auth: AuthContext,
    filter: ParsedQuery<typeof listVideoAlarmClips>,
  ): Promise<VideoAlarmClipRow[]> {
    let query = this.visibleClips(auth).select([
      'ac.id',
      'ac.event_id',
      'e.code',
      'e.level',
      'p.id as plant_id',
      'p.name as plant_name',
      'p.time_zone as plant_time_zone',
      'c.id as channel_id',
      'video_devices.name as camera_name',
      'ac.starts_at',
      'ac.ends_at',
      'ac.size_bytes',
    ]);
    if (filter.plantId !== undefined) query = query.where('p.id', '=', filter.plantId);
    if (filter.channelId !== undefined) query = query.where('c.id', '=', filter.channelId);
    if (filter.eventId !== undefined) query = query.where('e.id', '=', filter.eventId);
    const rows = await query.orderBy('ac.starts_at', 'desc').orderBy('ac.id').limit(200).execute();
    return rows.map((row) => ({
      id: row.id,
      eventId: Number(row.event_id),
      eventCode: row.code,
      eventLevel: eventLevelLetter(row.level),
      plantId: row.plant_id,
      plantName: row.plant_name,
      plantTimeZone: row.plant_time_zone,
      channelId: row.channel_id,
      cameraName: row.camera_name,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      sizeBytes: Number(row.size_bytes),
    }));
  }

  /** A clip the caller sees, or code 1302. */
  async visibleClip(auth: AuthContext, clipId: number) {
    const clip = await this.visibleClips(auth)
      .select(['ac.id', 'ac.object_key', 'ac.event_id', 'c.id as channel_id', 'c.stream_id'])
      .where('ac.id', '=', clipId)
      .executeTakeFirst();
    if (!clip) throw new AppError(ErrorCode.videoNotFound);
    return clip;
  }

  async file(auth: AuthContext, clipId: number) {
    const clip = await this.visibleClip(auth, clipId);
    return {
      fileName: alarmClipFileName(clip.event_id, clip.channel_id),
      body: this.deps.files.read(clip.object_key),
    };
  }
}

export const alarmClipFileName = (eventId: string | number, channelId: number) =>
  `alarm-${eventId}-camera-${channelId}.mp4`;
