import type { JobDeps } from '../app-deps.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { cutAlarmClipsNow, deleteExpiredAlarmClipsNow } from './alarm-clips.js';
import { deleteSegmentsBefore, streamDir } from './recordings.js';
import { recordingsDirOf } from './video-runtime.js';

/** Deletes every channel's recordings older than its space's retention; answers the count. */
export async function deleteExpiredRecordingsNow(
  { db, config }: Pick<JobDeps, 'db' | 'config'>,
  now = Date.now(),
): Promise<number> {
  const channels = await db
    .selectFrom('video_channels')
    .innerJoin('video_devices', 'video_devices.id', 'video_channels.device_id')
    .innerJoin('video_spaces', 'video_spaces.id', 'video_devices.space_id')
    .select(['video_channels.stream_id', 'video_spaces.retention_days'])
    .execute();
  const recordings = recordingsDirOf(config);
  let deleted = 0;
  for (const channel of channels) {
    const before = Math.floor(now / 1000) - channel.retention_days * 86_400;
    deleted += await deleteSegmentsBefore(streamDir(recordings, channel.stream_id), before);
  }
  return deleted;
}

/** Hourly: recordings and alarm clips older than their space's retention days are deleted. */
export const deleteExpiredRecordings = defineScheduledJob<JobDeps>({
  name: 'video-delete-expired-recordings',
  cron: '17 * * * *',
  expireInSeconds: 600,
  run: async (deps) => {
    const deleted = await deleteExpiredRecordingsNow(deps);
    const clips = await deleteExpiredAlarmClipsNow(deps);
    if (deleted + clips > 0)
      deps.logger.info({ deleted, clips }, 'video: expired recordings deleted');
  },
});

/** Every minute: alarms whose 60 s after are recorded get their clips. */
export const cutAlarmClips = defineScheduledJob<JobDeps>({
  name: 'video-cut-alarm-clips',
  cron: '* * * * *',
  expireInSeconds: 300,
  run: async (deps) => {
    const kept = await cutAlarmClipsNow(deps);
    if (kept > 0) deps.logger.info({ kept }, 'video: alarm clips kept');
  },
});
