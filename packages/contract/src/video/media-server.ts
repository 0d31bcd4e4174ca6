import { z } from 'zod';
import { defineEndpoint, requires } from '../http/endpoint.js';

/** Which media server the portal uses: its own, one run elsewhere, or none (VIDEO=off). */
export const MEDIA_SERVER_KINDS = ['embedded', 'external', 'off'] as const;
/** `notStarted`: the embedded server starts on first use (VIDEO=auto). */
export const MEDIA_SERVER_STATES = ['running', 'notStarted', 'unreachable', 'off'] as const;

export const mediaServerStatus = z.object({
  kind: z.enum(MEDIA_SERVER_KINDS),
  state: z.enum(MEDIA_SERVER_STATES),
  checkedAt: z.string(),
});
export type MediaServerStatus = z.infer<typeof mediaServerStatus>;

export const videoMediaServerStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/video/media-server',
  summary: 'Whether the media server answers (an external one is asked over HTTP)',
  tag: 'video',
  access: requires('video.manage'),
  data: mediaServerStatus,
});
