import { z } from 'zod';
import { defineEndpoint, requires } from '../http/endpoint.js';
import { EVENT_LEVEL_LETTERS, type EventLevelLetter } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';

/** Issue 17: a clip keeps the picture from 30 s before to 60 s after the alarm. */
export const VIDEO_ALARM_CLIP_SECONDS = { before: 30, after: 60 } as const;
/** The event levels that keep a clip of the plant's cameras: faults and protections. */
export const VIDEO_ALARM_CLIP_LEVELS = ['F', 'P'] as const satisfies readonly EventLevelLetter[];

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
