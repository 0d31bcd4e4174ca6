import { z } from 'zod';
import { defineEndpoint, publicAccess, requires } from '../http/endpoint.js';
import { EVENT_LEVEL_LETTERS, type EventLevelLetter } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';

/** Issue 17: a clip keeps the picture from 30 s before to 60 s after the alarm. */
export const VIDEO_ALARM_CLIP_SECONDS = { before: 30, after: 60 } as const;
/**
 * The event levels that keep a clip of the plant's cameras and move them to their alarm preset,
 * per camera space; a new space takes faults and protections.
 */
export const VIDEO_ALARM_LEVELS_DEFAULT = ['F', 'P'] as const satisfies readonly EventLevelLetter[];
export const videoAlarmLevels = z
  .array(z.enum(EVENT_LEVEL_LETTERS))
  .max(EVENT_LEVEL_LETTERS.length)
  .refine((levels) => new Set(levels).size === levels.length, 'validation.invalid');

export const videoAlarmClipRow = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventCode: z.string(),
  eventLevel: z.enum(EVENT_LEVEL_LETTERS),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The plant's IANA zone: the clip's time is shown on the plant's clock. */
  plantTimeZone: z.string(),
  channelId: z.number().int(),
  cameraName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  sizeBytes: z.number().int(),
});
export type VideoAlarmClipRow = z.infer<typeof videoAlarmClipRow>;

export const listVideoAlarmClips = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/alarm-clips',
  summary: 'Clips kept around alarms, newest first, by plant or channel',
  tag: 'video',
  access: requires('video.view'),
  query: z.strictObject({
    plantId: rules.id.optional(),
    channelId: rules.id.optional(),
    eventId: rules.id.optional(),
  }),
  data: z.object({ infos: z.array(videoAlarmClipRow), total: z.number().int() }),
});

export const videoAlarmClipStream = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/alarm-clips/:id/play',
  summary: 'A signed, expiring URL playing the alarm clip in the page (MP4)',
  tag: 'video',
  access: requires('video.view'),
  params: z.strictObject({ id: rules.id }),
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});

export const videoMediaAlarmClip = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media/alarm-clip.mp4',
  summary: 'The MP4 of a signed alarm clip URL',
  tag: 'video',
  access: publicAccess,
  query: z.strictObject({ token: z.string().max(600) }),
  data: z.string(),
  download: { contentType: 'video/mp4' },
});

export const videoAlarmClipFile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/alarm-clips/:id/file',
  summary: 'The MP4 file of an alarm clip, streamed',
  tag: 'video',
  access: requires('video.view'),
  params: z.strictObject({ id: rules.id }),
  data: z.string(),
  download: { contentType: 'video/mp4' },
});
