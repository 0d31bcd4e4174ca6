import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VIDEO_ALARM_CLIP_SECONDS } from '@solar/contract';
import { sql } from 'kysely';
import type { JobDeps } from '../app-deps.js';
import { alarmsAtCameraChannels } from './alarm-levels.js';
import {
  concatenated,
  recordedSegments,
  type Segment,
  segmentsWithin,
  streamDir,
} from './recordings.js';
import { recordingsDirOf } from './video-runtime.js';

type Deps = Pick<JobDeps, 'db' | 'config' | 'files' | 'logger'>;

/** An alarm older than this (past its after-window) gets no clip any more. */
const LOOKBACK_SECONDS = 15 * 60;

export const alarmClipKey = (channelId: number, eventId: number) =>
  `video/alarm-clips/${channelId}/${eventId}.mp4`;

/** Alarms of their space's levels whose after-window has passed, per camera channel of their plant. */
function unclippedAlarms({ db }: Pick<Deps, 'db'>, now: number) {
  const windowEnd = new Date(now - VIDEO_ALARM_CLIP_SECONDS.after * 1000);
  return alarmsAtCameraChannels(db)
    .leftJoin('video_alarm_clips as ac', (join) =>
      join.onRef('ac.event_id', '=', 'events.id').onRef('ac.channel_id', '=', 'c.id'),
    )
    .select(['events.id as eventId', 'events.started_at', 'c.id as channelId', 'c.stream_id'])
    .where('ac.id', 'is', null)
    .where('events.started_at', '<=', windowEnd)
    .where('events.started_at', '>', new Date(windowEnd.getTime() - LOOKBACK_SECONDS * 1000))
    .execute();
}
type Alarm = Awaited<ReturnType<typeof unclippedAlarms>>[number];

/** The segments as one MP4 file (copied, not re-encoded), moov first so browsers stream it. */
async function writeMp4(ffmpeg: string, segments: Segment[], file: string): Promise<void> {
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0'],
      ...['-c', 'copy', '-an', '-movflags', '+faststart', '-y', file],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-500);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  await pipeline(concatenated(segments), child.stdin);
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg ended with ${code}: ${stderr}`);
}

/** Cuts, stores and records one channel's clip of one alarm; false when nothing was recorded. */
async function cutClip(deps: Deps, alarm: Alarm, recorded: readonly Segment[]): Promise<boolean> {
  const at = Math.floor(alarm.started_at.getTime() / 1000);
  const { before, after } = VIDEO_ALARM_CLIP_SECONDS;
  const segments = segmentsWithin(recorded, at - before, at + after);
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return false;
  const workDir = path.join(deps.config.DATA_DIR, 'video', 'clip-work');
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, `${alarm.channelId}-${alarm.eventId}.mp4`);
  try {
    await writeMp4(deps.config.FFMPEG_PATH, segments, file);
    const key = alarmClipKey(alarm.channelId, alarm.eventId);
    const stored = await deps.files.put(key, createReadStream(file));
    await deps.db
      .insertInto('video_alarm_clips')
      .values({
        event_id: alarm.eventId,
        channel_id: alarm.channelId,
        starts_at: new Date(first.start * 1000),
        ends_at: new Date((last.start + last.duration) * 1000),
        object_key: key,
        size_bytes: stored.size,
      })
      .onConflict((oc) => oc.columns(['event_id', 'channel_id']).doNothing())
      .execute();
  } finally {
    await rm(file, { force: true });
  }
  return true;
}

/**
 * Keeps a clip of every camera of a plant around each of its alarms of its space's alarm levels, once
 * the 60 s after the alarm are recorded; answers how many clips were kept.
 */
export async function cutAlarmClipsNow(deps: Deps, now = Date.now()): Promise<number> {
  const byStream = new Map<string, Alarm[]>();
  for (const alarm of await unclippedAlarms(deps, now)) {
    byStream.set(alarm.stream_id, [...(byStream.get(alarm.stream_id) ?? []), alarm]);
  }
  let kept = 0;
  for (const [streamId, alarms] of byStream) {
    // One listing of the stream's recordings serves all its alarms of this run.
    const recorded = await recordedSegments(streamDir(recordingsDirOf(deps.config), streamId));
    for (const alarm of alarms) {
      try {
        if (await cutClip(deps, alarm, recorded)) kept += 1;
      } catch (error) {
        deps.logger.warn({ err: error, eventId: alarm.eventId }, 'video: alarm clip not kept');
      }
    }
  }
  return kept;
}

/** Removes the stored clips of the channels (their rows go with the channels). */
export async function removeAlarmClipFiles(
  deps: Pick<Deps, 'db' | 'files'>,
  channelIds: readonly number[],
): Promise<void> {
  if (channelIds.length === 0) return;
  const clips = await deps.db
    .selectFrom('video_alarm_clips')
    .select('object_key')
    .where('channel_id', 'in', channelIds)
    .execute();
  await Promise.all(clips.map((clip) => deps.files.remove(clip.object_key)));
}

/** Deletes the clips older than their space's retention days; answers the count. */
export async function deleteExpiredAlarmClipsNow(
  deps: Pick<Deps, 'db' | 'files'>,
  now = Date.now(),
): Promise<number> {
  const expired = await deps.db
    .selectFrom('video_alarm_clips as ac')
    .innerJoin('video_channels as c', 'c.id', 'ac.channel_id')
    .innerJoin('video_devices as vd', 'vd.id', 'c.device_id')
    .innerJoin('video_spaces as s', 's.id', 'vd.space_id')
    .select(['ac.id', 'ac.object_key'])
    .where(
      sql<boolean>`ac.starts_at < ${new Date(now)}::timestamptz - s.retention_days * interval '1 day'`,
    )
    .execute();
  if (expired.length === 0) return 0;
  await Promise.all(expired.map((clip) => deps.files.remove(clip.object_key)));
  await deps.db
    .deleteFrom('video_alarm_clips')
    .where(
      'id',
      'in',
      expired.map((clip) => clip.id),
    )
    .execute();
  return expired.length;
}
