import path from 'node:path';
import { ErrorCode, type MediaServerStatus, type PtzPosition } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { persistentSecret } from '../config/secrets.js';
import { AppError } from '../errors/app-error.js';
import { DEFAULT_RTMP_PORT } from './media-ports.js';
import { EmbeddedMediaServer, ExternalMediaServer, type MediaServer } from './media-server.js';
import { recorderArgs } from './recorder.js';
import { rtspRelayArgs, simulatedCameraArgs } from './simulated-camera.js';
import { SupervisedProcess } from './supervised-process.js';

/** What the runtime needs to drive one channel's feed and recording. */
export interface ChannelFeed {
  channelId: number;
  streamId: string;
  deviceName: string;
  protocol: 'rtmp' | 'rtsp' | 'simulated';
  streamUrl: string | null;
  position: PtzPosition;
}

type Deps = Pick<AppDeps, 'config' | 'db' | 'logger'>;

/** How long the status check waits for an external media server. */
const STATUS_TIMEOUT_MS = 3000;

export function recordingsDirOf(config: AppDeps['config']): string {
  return path.join(config.DATA_DIR, 'video', 'recordings');
}

/**
 * The moving parts of video in this process: the media server (embedded or external), one
 * recorder per channel, and the ffmpeg feeds the server drives (RTSP relays, simulated
 * cameras). Started on first use (`VIDEO=auto`) or at start (`VIDEO=on`), so a portal whose
 * users never open video runs no ffmpeg at all.
 */
export class VideoRuntime {
  private media: Promise<MediaServer> | null = null;
  private readonly feeds = new Map<number, SupervisedProcess>();
  private readonly recorders = new Map<number, SupervisedProcess>();

  constructor(private readonly deps: Deps) {}

  get isEnabled(): boolean {
    return this.deps.config.VIDEO !== 'off';
  }

  /** The media server, started with every channel's feed and recorder on first call. */
  async mediaServer(): Promise<MediaServer> {
    if (!this.isEnabled) throw new AppError(ErrorCode.videoStreamUnavailable);
    this.media ??= this.start().catch((error: unknown) => {
      this.media = null;
      this.deps.logger.error({ err: error }, 'video: media server did not start');
      throw new AppError(ErrorCode.videoStreamUnavailable);
    });
    return this.media;
  }

  /** Whether the media server answers: an external one is asked over HTTP, briefly. */
  async status(): Promise<MediaServerStatus> {
    const { config } = this.deps;
    const checkedAt = new Date().toISOString();
    if (!this.isEnabled) return { kind: 'off', state: 'off', checkedAt };
    if (config.MEDIA_SERVER_URL) {
      const isReachable = await fetch(config.MEDIA_SERVER_URL, {
        signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
      }).then(
        async (response) => {
          await response.body?.cancel();
          return true;
        },
        () => false,
      );
      return { kind: 'external', state: isReachable ? 'running' : 'unreachable', checkedAt };
    }
    const media = this.media ? await this.media.catch(() => null) : null;
    return { kind: 'embedded', state: media ? 'running' : 'notStarted', checkedAt };
  }

  /** The signing secret shared with the media server. */
  async secret(): Promise<string> {
    const { config } = this.deps;
    return config.MEDIA_SERVER_SECRET ?? persistentSecret(config.DATA_DIR, 'video-secret');
  }

  async stop(): Promise<void> {
    const processes = [...this.feeds.values(), ...this.recorders.values()];
    this.feeds.clear();
    this.recorders.clear();
    await Promise.all(processes.map((process) => process.stop()));
    const media = this.media;
    this.media = null;
    if (media) await (await media.catch(() => null))?.close();
  }

  /** Starts (or restarts, after an edit or a PTZ move) the feed and recorder of a channel. */
  async startChannel(feed: ChannelFeed): Promise<void> {
    this.launch(await this.mediaServer(), feed);
  }

  /**
   * Restarts a channel's feed at its new position when video runs here; before the first use
   * (VIDEO=auto) nothing runs, and the feed starts at the saved position later.
   */
  async refreshChannel(feed: ChannelFeed): Promise<void> {
    if (!this.media || !this.isEnabled) return;
    this.launch(await this.media, feed);
  }

  private launch(media: MediaServer, feed: ChannelFeed): void {
    const { config, logger } = this.deps;
    const feedArgsOf = () => feedArgs(feed, media.ingestUrl(feed.streamId));
    const current = this.feeds.get(feed.channelId);
    if (feed.protocol !== 'rtmp' && current) current.restart(feedArgsOf);
    else if (feed.protocol !== 'rtmp') {
      this.feeds.set(feed.channelId, new SupervisedProcess(config.FFMPEG_PATH, feedArgsOf, logger));
    }
    if (this.recorders.has(feed.channelId)) return;
    const recorderArgsOf = () =>
      recorderArgs(media.recordUrl(feed.streamId), recordingsDirOf(config), feed.streamId);
    this.recorders.set(
      feed.channelId,
      new SupervisedProcess(config.FFMPEG_PATH, recorderArgsOf, logger),
    );
  }

  async stopChannel(channelId: number): Promise<void> {
    const processes = [this.feeds.get(channelId), this.recorders.get(channelId)];
    this.feeds.delete(channelId);
    this.recorders.delete(channelId);
    await Promise.all(processes.map((process) => process?.stop()));
  }

  private async start(): Promise<MediaServer> {
    const media = await this.connect(await this.secret());
    for (const feed of await loadChannelFeeds(this.deps.db)) this.launch(media, feed);
    return media;
  }

  private async connect(secret: string): Promise<MediaServer> {
    const { config, db } = this.deps;
    if (config.MEDIA_SERVER_URL) {
      const rtmpUrl =
        config.MEDIA_SERVER_RTMP_URL ??
        `rtmp://localhost:${config.VIDEO_RTMP_PORT ?? DEFAULT_RTMP_PORT}`;
      return new ExternalMediaServer(config.MEDIA_SERVER_URL, rtmpUrl, secret);
    }
    // A fresh embedded server holds no stream: whatever was marked online is not any more.
    await db.updateTable('video_channels').set({ is_online: false }).execute();
    return EmbeddedMediaServer.start({
      rtmpPort: config.VIDEO_RTMP_PORT,
      publicRtmpUrl: config.VIDEO_RTMP_PUBLIC_URL,
      secret,
      dataDir: path.join(config.DATA_DIR, 'video'),
      onPublish: (streamId, isOnline) => void this.markOnline(streamId, isOnline),
      warn: (message) => this.deps.logger.warn(message),
    });
  }

  private async markOnline(streamId: string, isOnline: boolean): Promise<void> {
    await this.deps.db
      .updateTable('video_channels')
      .set({ is_online: isOnline })
      .where('stream_id', '=', streamId)
      .execute()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'video: status not saved'));
  }
}

/** The ffmpeg arguments of a feed the server drives (never called for RTMP push cameras). */
function feedArgs(feed: ChannelFeed, ingestUrl: string): string[] {
  return feed.protocol === 'simulated'
    ? simulatedCameraArgs(feed.deviceName, feed.position, ingestUrl)
    : rtspRelayArgs(feed.streamUrl ?? '', ingestUrl);
}

/** Every channel with what its feed needs. */
export async function loadChannelFeeds(
  db: AppDeps['db'],
  channelIds?: readonly number[],
): Promise<ChannelFeed[]> {
  let query = db
    .selectFrom('video_channels as c')
    .innerJoin('video_devices as d', 'd.id', 'c.device_id')
    .select([
      'c.id',
      'c.stream_id',
      'c.pan',
      'c.tilt',
      'c.zoom',
      'd.name',
      'd.protocol',
      'd.stream_url',
    ]);
  if (channelIds) {
    if (channelIds.length === 0) return [];
    query = query.where('c.id', 'in', channelIds);
  }
  const rows = await query.orderBy('c.id').execute();
  return rows.map((row) => ({
    channelId: row.id,
    streamId: row.stream_id,
    deviceName: row.name,
    protocol: row.protocol,
    streamUrl: row.stream_url,
    position: { pan: row.pan, tilt: row.tilt, zoom: row.zoom },
  }));
}
