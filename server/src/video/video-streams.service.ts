import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import {
  ErrorCode,
  type PtzAction,
  type PtzPosition,
  type SignedStream,
  videoMediaLive,
  videoMediaPlaylist,
  videoMediaAlarmClip,
  videoMediaClip,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import {
  concatenated,
  playlistOf,
  segmentFileWithin,
  segmentsBetween,
  spansOf,
  streamDir,
} from './recordings.js';
import { stepPosition } from './simulated-camera.js';
import { type AlarmClipsService, alarmClipFileName } from './alarm-clips.service.js';
import { listPtzCommands, type PtzCommand, recordPtzCommand } from './ptz-commands.js';
import { type StreamGrant, StreamTokens } from './stream-tokens.js';
import { findVisibleChannel, type VisibleChannel } from './video-access.js';
import { recordingsDirOf, type VideoRuntime } from './video-runtime.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type Deps = Pick<AppDeps, 'config' | 'db' | 'files'>;

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Live and recorded pictures through signed, expiring URLs, and PTZ. Each URL is issued to one
 * viewer for one channel after the visibility check; the media routes trust only the token.
 */
export class VideoStreamsService {
  private tokens: StreamTokens | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly runtime: VideoRuntime,
    private readonly clips: AlarmClipsService,
  ) {}

  async liveUrl(auth: AuthContext, channelId: number): Promise<SignedStream> {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    await this.runtime.mediaServer();
    const { token, expiresAt } = (await this.signer()).sign({
      kind: 'live',
      userId: auth.userId,
      channelId: channel.id,
      streamId: channel.stream_id,
    });
    return { url: `${videoMediaLive.path}?token=${token}`, expiresAt: expiresAt.toISOString() };
  }

  async recordings(auth: AuthContext, channelId: number, range: { from: string; to: string }) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    const segments = await segmentsBetween(
      this.dirOf(channel.stream_id),
      toSeconds(range.from),
      toSeconds(range.to),
    );
    return spansOf(segments).map((span) => ({ start: toIso(span.start), end: toIso(span.end) }));
  }

  async playbackUrls(auth: AuthContext, channelId: number, range: { from: string; to: string }) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    const { token, expiresAt } = (await this.signer()).sign({
      kind: 'playback',
      userId: auth.userId,
      channelId: channel.id,
      streamId: channel.stream_id,
      from: toSeconds(range.from),
      to: toSeconds(range.to),
    });
    return {
      playlistUrl: `${videoMediaPlaylist.path}?token=${token}`,
      clipUrl: `${videoMediaClip.path}?token=${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** A signed URL playing an alarm clip the caller sees (the page's video element opens it). */
  async alarmClipUrl(auth: AuthContext, clipId: number): Promise<SignedStream> {
    const clip = await this.clips.visibleClip(auth, clipId);
    const { token, expiresAt } = (await this.signer()).sign({
      kind: 'alarmClip',
      userId: auth.userId,
      channelId: clip.channel_id,
      streamId: clip.stream_id,
      clipId: clip.id,
    });
    return {
      url: `${videoMediaAlarmClip.path}?token=${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async alarmClipMedia(token: string): Promise<{ fileName: string; body: Readable }> {
    const grant = await this.grantOf(token, 'alarmClip');
    const clip = await this.deps.db
      .selectFrom('video_alarm_clips')
      .select(['object_key', 'event_id'])
      .where('id', '=', grant.clipId ?? 0)
      .where('channel_id', '=', grant.channelId)
      .executeTakeFirst();
    if (!clip) throw new AppError(ErrorCode.videoNotFound);
    return {
      fileName: alarmClipFileName(clip.event_id, grant.channelId),
      body: this.deps.files.read(clip.object_key),
    };
  }

  /** The live HTTP-FLV bytes of a signed URL, read from the media server until `signal`. */
  async liveMedia(token: string, signal: AbortSignal): Promise<Readable> {
    const grant = await this.grantOf(token, 'live');
    const media = await this.runtime.mediaServer();
    const response = await fetch(media.playUrl(grant.streamId), { signal }).catch(() => null);
    if (!response?.ok || !response.body) throw new AppError(ErrorCode.videoStreamUnavailable);
    return Readable.fromWeb(response.body as ReadableStream);
  }

  async playlist(token: string): Promise<string> {
    const grant = await this.grantOf(token, 'playback');
    const segments = await this.segmentsOf(grant);
    return playlistOf(segments, (start) => `segment.ts?token=${token}&start=${start}`);
  }

  async segment(token: string, start: number): Promise<Readable> {
    const grant = await this.grantOf(token, 'playback');
    const dir = this.dirOf(grant.streamId);
    const file = await segmentFileWithin(dir, start, grant.from ?? 0, grant.to ?? 0);
    if (!file) throw new AppError(ErrorCode.videoNotFound);
    return createReadStream(file);
  }

  async clip(token: string): Promise<{ fileName: string; body: Readable }> {
    const grant = await this.grantOf(token, 'playback');
    const segments = await this.segmentsOf(grant);
    if (segments.length === 0) throw new AppError(ErrorCode.videoNotFound);
    const stamp = toIso(grant.from ?? 0).replace(/[:.]/g, '-');
    return { fileName: `channel-${grant.channelId}-${stamp}.ts`, body: concatenated(segments) };
  }

  async ptz(auth: AuthContext, channelId: number, action: PtzAction): Promise<PtzPosition> {
    const channel = await this.ptzChannel(auth, channelId);
    return this.moveTo(channel, stepPosition(channel, action), {
      userId: auth.userId,
      action,
    });
  }

  async presets(auth: AuthContext, channelId: number) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    return this.deps.db
      .selectFrom('video_presets')
      .select(['number', 'name', 'pan', 'tilt', 'zoom'])
      .where('channel_id', '=', channel.id)
      .orderBy('number')
      .execute();
  }

  async ptzCommands(auth: AuthContext, channelId: number) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    return listPtzCommands(this.deps.db, channel.id);
  }

  async storePreset(
    auth: AuthContext,
    channelId: number,
    preset: { number: number; name: string },
  ) {
    const channel = await this.ptzChannel(auth, channelId);
    const position = { pan: channel.pan, tilt: channel.tilt, zoom: channel.zoom };
    await this.deps.db
      .insertInto('video_presets')
      .values({ channel_id: channel.id, ...preset, ...position })
      .onConflict((oc) =>
        oc.columns(['channel_id', 'number']).doUpdateSet({ ...preset, ...position }),
      )
      .execute();
  }

  async gotoPreset(auth: AuthContext, channelId: number, number: number): Promise<PtzPosition> {
    const channel = await this.ptzChannel(auth, channelId);
    const preset = await this.deps.db
      .selectFrom('video_presets')
      .select(['pan', 'tilt', 'zoom'])
      .where('channel_id', '=', channel.id)
      .where('number', '=', number)
      .executeTakeFirst();
    if (!preset) throw new AppError(ErrorCode.videoNotFound);
    return this.moveTo(channel, preset, {
      userId: auth.userId,
      action: 'preset',
      presetNumber: number,
    });
  }

  /** Only the cameras the server draws take PTZ here; a real camera's PTZ needs ONVIF or SIP. */
  private async ptzChannel(auth: AuthContext, channelId: number) {
    const channel = await findVisibleChannel(this.deps.db, auth, channelId);
    if (channel.protocol !== 'simulated') throw new AppError(ErrorCode.ptzUnsupported);
    return channel;
  }

  /** Saves the position with its log entry, then restarts the simulated camera's view. */
  private async moveTo(
    channel: VisibleChannel,
    position: PtzPosition,
    command: Omit<PtzCommand, 'channelId'>,
  ): Promise<PtzPosition> {
    await retryingTransaction(this.deps.db, async (trx) => {
      await trx.updateTable('video_channels').set(position).where('id', '=', channel.id).execute();
      await recordPtzCommand(trx, { channelId: channel.id, ...command });
    });
    await this.runtime.startChannel({
      channelId: channel.id,
      streamId: channel.stream_id,
      deviceName: channel.device_name,
      protocol: channel.protocol,
      streamUrl: channel.stream_url,
      position,
    });
    return position;
  }

  private async grantOf(token: string, kind: StreamGrant['kind']): Promise<StreamGrant> {
    const grant = (await this.signer()).verify(token, kind);
    if (!grant) throw new AppError(ErrorCode.noPermission);
    // A channel deleted (or re-created) since the URL was issued plays nothing.
    const channel = await this.deps.db
      .selectFrom('video_channels')
      .select('id')
      .where('id', '=', grant.channelId)
      .where('stream_id', '=', grant.streamId)
      .executeTakeFirst();
    if (!channel) throw new AppError(ErrorCode.videoNotFound);
    return grant;
  }

  private segmentsOf(grant: StreamGrant) {
    return segmentsBetween(this.dirOf(grant.streamId), grant.from ?? 0, grant.to ?? 0);
  }

  private dirOf(streamId: string): string {
    return streamDir(recordingsDirOf(this.deps.config), streamId);
  }

  private async signer(): Promise<StreamTokens> {
    this.tokens ??= new StreamTokens(await this.runtime.secret());
    return this.tokens;
  }
}
