import { createHash, createHmac } from 'node:crypto';
import { isSameSecret } from '../auth/secret-token.js';
import { z } from 'zod';

/** Seconds a signed live or playback URL stays valid. */
export const STREAM_TOKEN_TTL_SECONDS = 300;

const grantSchema = z.object({
  kind: z.enum(['live', 'playback', 'alarmClip']),
  userId: z.number().int(),
  channelId: z.number().int(),
  streamId: z.string(),
  /** Recording range in epoch seconds (playback only). */
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  /** The alarm clip (alarmClip only). */
  clipId: z.number().int().optional(),
  /** Expiry, epoch seconds. */
  exp: z.number().int(),
});
export type StreamGrant = z.infer<typeof grantSchema>;

/**
 * Signed, expiring stream grants: one viewer, one stream (or one recorded range), a few
 * minutes. The token carries its grant, so verifying it reads no database row; a guessed
 * stream id without a signature opens nothing.
 */
export class StreamTokens {
  constructor(private readonly secret: string) {}

  sign(grant: Omit<StreamGrant, 'exp'>, now = Date.now()): { token: string; expiresAt: Date } {
    const exp = Math.floor(now / 1000) + STREAM_TOKEN_TTL_SECONDS;
    const payload = Buffer.from(JSON.stringify({ ...grant, exp })).toString('base64url');
    return { token: `${payload}.${this.mac(payload)}`, expiresAt: new Date(exp * 1000) };
  }

  /** The grant of a valid, unexpired token of that kind, or null. */
  verify(token: string, kind: StreamGrant['kind'], now = Date.now()): StreamGrant | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return null;
    if (!isSameSecret(this.mac(payload), mac)) return null;
    const parsed = grantSchema.safeParse(safeJson(Buffer.from(payload, 'base64url').toString()));
    if (!parsed.success) return null;
    const grant = parsed.data;
    return grant.kind === kind && grant.exp * 1000 > now ? grant : null;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * node-media-server's own URL signature (`?sign={exp}-{md5(path-exp-secret)}`), which its
 * publish and play hooks verify with the shared `auth.secret`.
 */
export function mediaServerSign(streamPath: string, expiresAtSeconds: number, secret: string) {
  const hash = createHash('md5')
    .update(`${streamPath}-${expiresAtSeconds}-${secret}`)
    .digest('hex');
  return `${expiresAtSeconds}-${hash}`;
}
