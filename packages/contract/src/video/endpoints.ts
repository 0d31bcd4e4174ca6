import { z } from 'zod';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import { EVENT_LEVEL_LETTERS } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';
import { VIDEO_ALARM_LEVELS_DEFAULT, videoAlarmLevels } from './alarm-clips.js';

const TAG = 'video';

/** Spec section 9: a company holds at most 10 camera spaces, a space at most 9 cameras. */
export const VIDEO_SPACE_LIMIT = 10;
export const VIDEO_DEVICE_LIMIT = 9;
/** Spec section 9: the node of the channel tree checked when the live view opens. */
export const VIDEO_DEFAULT_CHECKED_ID = '0000';
/** Live grids of 1, 4 or 9 tiles. */
export const VIDEO_GRID_SIZES = [1, 4, 9] as const;
export const VIDEO_CHANNELS_PER_DEVICE = { min: 1, max: 4 } as const;
export const VIDEO_RETENTION_DAYS = { min: 1, max: 90, default: 7 } as const;
/** A playback or clip covers at most one hour. */
export const VIDEO_PLAYBACK_MAX_SECONDS = 3600;
export const VIDEO_PRESET_NUMBERS = { min: 1, max: 8 } as const;

/**
 * How a camera's picture reaches the media server: it pushes RTMP with its push URL, the
 * server pulls (relays) its RTSP address, or the server generates a simulated scene.
 */
export const VIDEO_PROTOCOLS = ['rtmp', 'rtsp', 'simulated'] as const;
export const videoProtocol = z.enum(VIDEO_PROTOCOLS);
export type VideoProtocol = z.infer<typeof videoProtocol>;

export const PTZ_ACTIONS = ['up', 'down', 'left', 'right', 'zoomIn', 'zoomOut'] as const;
export const ptzAction = z.enum(PTZ_ACTIONS);
export type PtzAction = z.infer<typeof ptzAction>;

const idParams = z.strictObject({ id: rules.id });
const isoTime = z.string().datetime({ offset: true });

export const videoSpaceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  retentionDays: z.number().int(),
  /** Event levels that cut clips and move the space's cameras to their alarm preset. */
  alarmLevels: z.array(z.enum(EVENT_LEVEL_LETTERS)),
  deviceCount: z.number().int(),
  /** Bytes of recordings kept for the space's cameras. */
  diskBytes: z.number().int(),
});
export type VideoSpaceRow = z.infer<typeof videoSpaceRow>;

export const videoChannelRow = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  isOnline: z.boolean(),
  /** The preset the channel goes to on an alarm of its space's levels; null: it stays. */
  alarmPreset: z.number().int().nullable(),
});
export type VideoChannelRow = z.infer<typeof videoChannelRow>;

export const videoDeviceRow = z.object({
  id: z.number().int(),
  /** The public device id (20 characters, GB/T 28181 style when no gbId is given). */
  deviceId: z.string(),
  spaceId: z.number().int(),
  name: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  protocol: videoProtocol,
  gbId: z.string().nullable(),
  isOnline: z.boolean(),
  channels: z.array(videoChannelRow),
});
export type VideoDeviceRow = z.infer<typeof videoDeviceRow>;

export const videoDeviceDetail = videoDeviceRow.extend({
  /** The RTSP address the server relays; null for callers who may not manage cameras. */
  streamUrl: z.string().nullable(),
  /** RTMP push URL per channel (the signed push key); empty for callers who may not manage. */
  pushUrls: z.array(z.object({ channelId: z.number().int(), url: z.string() })),
});
export type VideoDeviceDetail = z.infer<typeof videoDeviceDetail>;

export const listVideoSpaces = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/spaces',
  summary: "The company's camera spaces with their camera count and recording disk use",
  tag: TAG,
  access: requires('video.view'),
  data: pageOf(videoSpaceRow),
});

const videoSpaceBody = z.strictObject({
  name: rules.name(32),
  retentionDays: z.coerce
    .number()
    .int()
    .min(VIDEO_RETENTION_DAYS.min)
    .max(VIDEO_RETENTION_DAYS.max)
    .default(VIDEO_RETENTION_DAYS.default),
  alarmLevels: videoAlarmLevels.default([...VIDEO_ALARM_LEVELS_DEFAULT]),
});

export const createVideoSpace = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/space',
  summary: 'Create a camera space (at most 10 per company: code 1300)',
  tag: TAG,
  access: requires('video.manage'),
  body: videoSpaceBody,
  data: z.object({ id: z.number().int() }),
});

export const updateVideoSpace = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/space/:id',
  summary: 'Change a camera space: name, retention days, alarm levels',
  tag: TAG,
  access: requires('video.manage'),
  params: idParams,
  body: videoSpaceBody,
  data: z.null(),
});

export const deleteVideoSpace = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/space/:id/delete',
  summary: 'Delete a camera space with its cameras and their recordings',
  tag: TAG,
  access: requires('video.manage'),
  params: idParams,
  data: z.null(),
});

export const listVideoDevices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/devices',
  summary: 'Cameras of the caller\u2019s company with their channels and online status',
  tag: TAG,
  access: requires('video.view'),
  query: z.strictObject({
    spaceId: rules.id.optional(),
    plantId: rules.id.optional(),
  }),
  data: pageOf(videoDeviceRow),
});

export const videoDevice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/device/:id',
  summary: 'One camera; its stream address and push URLs for callers who manage cameras',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  data: videoDeviceDetail,
});

const GB_ID_PATTERN = /^\d{20}$/;
const RTSP_PATTERN = /^rtsps?:\/\/\S+$/;

export const createVideoDevice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/device',
  summary: 'Add a camera to a space (at most 9 per space: code 1301)',
  tag: TAG,
  access: requires('video.manage'),
  body: z
    .strictObject({
      spaceId: rules.id,
      name: rules.name(32),
      plantId: rules.id.nullable().default(null),
      protocol: videoProtocol,
      streamUrl: z
        .string()
        .trim()
        .max(500)
        .regex(RTSP_PATTERN, 'validation.invalid')
        .nullable()
        .default(null),
      gbId: z.string().trim().regex(GB_ID_PATTERN, 'validation.invalid').nullable().default(null),
      channelCount: z.coerce
        .number()
        .int()
        .min(VIDEO_CHANNELS_PER_DEVICE.min)
        .max(VIDEO_CHANNELS_PER_DEVICE.max)
        .default(1),
    })
    .refine((body) => body.protocol !== 'rtsp' || body.streamUrl !== null, {
      path: ['streamUrl'],
      message: 'validation.required',
    }),
  data: z.object({ id: z.number().int() }),
});

export const deleteVideoDevice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/device/:id/delete',
  summary: 'Delete a camera with its channels and recordings',
  tag: TAG,
  access: requires('video.manage'),
  params: idParams,
  data: z.null(),
});

/** A signed URL: valid for one viewer and one stream until `expiresAt`. */
export const signedStream = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedStream = z.infer<typeof signedStream>;

export const videoLiveStream = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/live',
  summary: 'A signed, expiring HTTP-FLV URL of the channel\u2019s live picture for the caller',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  data: signedStream,
});

const timeRange = z
  .strictObject({ from: isoTime, to: isoTime })
  .refine((range) => Date.parse(range.from) < Date.parse(range.to), {
    path: ['to'],
    message: 'validation.invalid',
  });

export const recordingSpan = z.object({ start: z.string(), end: z.string() });
export type RecordingSpan = z.infer<typeof recordingSpan>;

export const videoRecordings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/channel/:id/recordings',
  summary: 'Recorded spans of a channel in a time range (the playback timeline)',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  query: timeRange,
  data: z.object({ spans: z.array(recordingSpan) }),
});

export const videoPlayback = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/playback',
  summary: 'Signed URLs of an HLS playlist and a downloadable clip of a time range (at most 1 h)',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  body: timeRange.refine(
    (range) => Date.parse(range.to) - Date.parse(range.from) <= VIDEO_PLAYBACK_MAX_SECONDS * 1000,
    { path: ['to'], message: 'validation.invalid' },
  ),
  data: z.object({ playlistUrl: z.string(), clipUrl: z.string(), expiresAt: z.string() }),
});

export const ptzPosition = z.object({ pan: z.number(), tilt: z.number(), zoom: z.number() });
export type PtzPosition = z.infer<typeof ptzPosition>;

export const videoPtz = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/ptz',
  summary: 'Move the camera one step (pan, tilt, zoom); answers the new position',
  tag: TAG,
  access: requires('video.ptz'),
  params: idParams,
  body: z.strictObject({ action: ptzAction }),
  data: ptzPosition,
});

export const videoPresetRow = ptzPosition.extend({ number: z.number().int(), name: z.string() });
export type VideoPresetRow = z.infer<typeof videoPresetRow>;

export const videoPresets = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/channel/:id/presets',
  summary: 'Stored PTZ presets of a channel',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  data: z.object({ infos: z.array(videoPresetRow) }),
});

const presetNumber = z.coerce
  .number()
  .int()
  .min(VIDEO_PRESET_NUMBERS.min)
  .max(VIDEO_PRESET_NUMBERS.max);

export const storeVideoPreset = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/preset',
  summary: 'Store the current position as a preset (replaces the preset of that number)',
  tag: TAG,
  access: requires('video.ptz'),
  params: idParams,
  body: z.strictObject({ number: presetNumber, name: rules.name(20) }),
  data: z.null(),
});

export const gotoVideoPreset = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/preset/:number/goto',
  summary: 'Move the camera to a stored preset',
  tag: TAG,
  access: requires('video.ptz'),
  params: z.strictObject({ id: rules.id, number: presetNumber }),
  data: ptzPosition,
});

export const setVideoAlarmPreset = defineEndpoint({
  method: 'POST',
  path: '/api/v1/video/channel/:id/alarm-preset',
  summary: 'The stored preset the channel goes to on an alarm of its space (null: none)',
  tag: TAG,
  access: requires('video.manage'),
  params: idParams,
  body: z.strictObject({ number: presetNumber.nullable() }),
  data: z.null(),
});

/** A PTZ command as logged: a step, or a move to a preset (by a user, or on an alarm). */
export const videoPtzCommandRow = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.union([ptzAction, z.literal('preset')]),
  presetNumber: z.number().int().nullable(),
  /** Who: the user's email; null with `eventId` set: the system, on that alarm. */
  userEmail: z.string().nullable(),
  eventId: z.number().int().nullable(),
});
export type VideoPtzCommandRow = z.infer<typeof videoPtzCommandRow>;
/** The PTZ log shows the newest commands of a channel. */
export const VIDEO_PTZ_LOG_LIMIT = 50;

export const videoPtzCommands = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/channel/:id/ptz-commands',
  summary: 'The newest PTZ commands of a channel: who (a user or the system) and when',
  tag: TAG,
  access: requires('video.view'),
  params: idParams,
  data: z.object({ infos: z.array(videoPtzCommandRow) }),
});

const tokenQuery = z.strictObject({ token: z.string().max(600) });

/** The media a signed URL opens; the token alone authorizes it (players send no bearer). */
export const videoMediaLive = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media/live.flv',
  summary: 'Live HTTP-FLV stream of a signed URL',
  tag: TAG,
  access: publicAccess,
  query: tokenQuery,
  data: z.string(),
  download: { contentType: 'video/x-flv' },
});

export const videoMediaPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media/playlist.m3u8',
  summary: 'HLS playlist of a signed recording range',
  tag: TAG,
  access: publicAccess,
  query: tokenQuery,
  data: z.string(),
  download: { contentType: 'application/vnd.apple.mpegurl' },
});

export const videoMediaSegment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media/segment.ts',
  summary: 'One recorded HLS segment of a signed recording range',
  tag: TAG,
  access: publicAccess,
  query: tokenQuery.extend({ start: z.coerce.number().int().min(0) }),
  data: z.string(),
  download: { contentType: 'video/mp2t' },
});

export const videoMediaClip = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media/clip.ts',
  summary: 'The recorded segments of a signed range as one MPEG-TS file',
  tag: TAG,
  access: publicAccess,
  query: tokenQuery,
  data: z.string(),
  download: { contentType: 'video/mp2t' },
});
