import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import NodeMediaServer from 'node-media-server';
import nmsLogger from 'node-media-server/src/core/logger.js';
import { chooseRtmpPort, freePort } from './media-ports.js';
import { mediaServerSign } from './stream-tokens.js';

/** Seconds an internal play URL (the portal's own proxy and recorder) stays valid. */
const INTERNAL_PLAY_SECONDS = 60;
/** A camera's push URL lasts as long as the camera: ten years. */
const PUSH_URL_SECONDS = 10 * 365 * 24 * 3600;
const CLOSE_GRACE_MS = 3000;

/** Called when a stream starts or stops arriving at the media server. */
export type PublishListener = (streamId: string, isOnline: boolean) => void;

/**
 * The media server the portal drives: cameras push (or the portal relays) RTMP into it and
 * the portal reads HTTP-FLV out of it. Stream paths are `/live/{streamId}`; every URL is
 * signed with the server's shared secret, so an unsigned or guessed path is refused there too.
 * A cloud video service or a GB/T 28181 gateway would be another implementation.
 */
export interface MediaServer {
  /** Where a camera (or the portal's relay) publishes the stream. */
  publishUrl(streamId: string, now?: number): string;
  /** Where the portal's own relays and simulated cameras publish the stream. */
  ingestUrl(streamId: string, now?: number): string;
  /** Where the portal reads the live stream (HTTP-FLV), valid for a minute. */
  playUrl(streamId: string, now?: number): string;
  /** Where the portal's recorder reads the live stream (RTMP), valid for a minute. */
  recordUrl(streamId: string, now?: number): string;
  close(): Promise<void>;
}

function signedPath(streamId: string, seconds: number, secret: string, now: number) {
  const streamPath = `/live/${streamId}`;
  const sign = mediaServerSign(streamPath, Math.floor(now / 1000) + seconds, secret);
  return `${streamPath}?sign=${sign}`;
}

/** A media server run elsewhere (`MEDIA_SERVER_URL`), sharing the signing secret. */
export class ExternalMediaServer implements MediaServer {
  constructor(
    private readonly httpUrl: string,
    private readonly rtmpUrl: string,
    private readonly secret: string,
  ) {}

  publishUrl(streamId: string, now = Date.now()): string {
    return `${this.rtmpUrl.replace(/\/$/, '')}${signedPath(streamId, PUSH_URL_SECONDS, this.secret, now)}`;
  }

  ingestUrl(streamId: string, now = Date.now()): string {
    return this.publishUrl(streamId, now);
  }

  recordUrl(streamId: string, now = Date.now()): string {
    const signed = signedPath(streamId, INTERNAL_PLAY_SECONDS, this.secret, now);
    return `${this.rtmpUrl.replace(/\/$/, '')}${signed}`;
  }

  playUrl(streamId: string, now = Date.now()): string {
    const signed = signedPath(streamId, INTERNAL_PLAY_SECONDS, this.secret, now);
    return `${this.httpUrl.replace(/\/$/, '')}${signed.replace('?', '.flv?')}`;
  }

  async close(): Promise<void> {}
}

export interface EmbeddedMediaServerOptions {
  /** `VIDEO_RTMP_PORT`; unset prefers 1935 (`chooseRtmpPort`). */
  rtmpPort: number | undefined;
  /** The RTMP address given to cameras (`VIDEO_RTMP_PUBLIC_URL`); unset: localhost, the RTMP port. */
  publicRtmpUrl: string | undefined;
  secret: string;
  dataDir: string;
  onPublish: PublishListener;
  /** Told when the default RTMP port is taken and another one is used. */
  warn: (message: string) => void;
}

interface StartedOptions extends EmbeddedMediaServerOptions {
  rtmpPort: number;
  publicRtmpUrl: string;
}

/**
 * node-media-server (npm, v4) in the portal's process: pure JavaScript, RTMP in, HTTP-FLV out,
 * signed publish and play URLs, publish events. Its HTTP port is internal (a free port on
 * loopback): browsers reach streams only through the portal's signed media routes.
 */
export class EmbeddedMediaServer implements MediaServer {
  private constructor(
    private readonly server: NodeMediaServer,
    private readonly options: StartedOptions,
    private readonly httpPort: number,
  ) {}

  static async start(requested: EmbeddedMediaServerOptions): Promise<EmbeddedMediaServer> {
    const rtmpPort = await chooseRtmpPort(requested.rtmpPort, requested.warn);
    const options: StartedOptions = {
      ...requested,
      rtmpPort,
      publicRtmpUrl: requested.publicRtmpUrl ?? `rtmp://localhost:${rtmpPort}`,
    };
    const httpPort = await freePort();
    const storeDir = path.join(options.dataDir, 'media-server');
    await mkdir(storeDir, { recursive: true });
    const server = new NodeMediaServer({
      bind: '0.0.0.0',
      rtmp: { port: options.rtmpPort },
      http: { port: httpPort },
      auth: { play: true, publish: true, secret: options.secret },
      store: { path: storeDir },
      record: { auto: false, path: path.join(storeDir, 'record') },
      webadmin: { enable: false },
    });
    nmsLogger.level = 'error';
    const streamIdOf = (streamPath: string) => streamPath.replace(/^\/live\//, '');
    server.on('postPublish', (session) => options.onPublish(streamIdOf(session.streamPath), true));
    server.on('donePublish', (session) => options.onPublish(streamIdOf(session.streamPath), false));
    await server.run();
    return new EmbeddedMediaServer(server, options, httpPort);
  }

  publishUrl(streamId: string, now = Date.now()): string {
    const base = this.options.publicRtmpUrl.replace(/\/$/, '');
    return `${base}${signedPath(streamId, PUSH_URL_SECONDS, this.options.secret, now)}`;
  }

  /** Loopback: the portal's relays and simulated cameras run beside the server. */
  ingestUrl(streamId: string, now = Date.now()): string {
    const signed = signedPath(streamId, PUSH_URL_SECONDS, this.options.secret, now);
    return `rtmp://127.0.0.1:${this.options.rtmpPort}${signed}`;
  }

  recordUrl(streamId: string, now = Date.now()): string {
    const signed = signedPath(streamId, INTERNAL_PLAY_SECONDS, this.options.secret, now);
    return `rtmp://127.0.0.1:${this.options.rtmpPort}${signed}`;
  }

  playUrl(streamId: string, now = Date.now()): string {
    const signed = signedPath(streamId, INTERNAL_PLAY_SECONDS, this.options.secret, now);
    return `http://127.0.0.1:${this.httpPort}${signed.replace('?', '.flv?')}`;
  }

  /** Its HTTP server waits for open players; after a few seconds the portal goes on without. */
  async close(): Promise<void> {
    await Promise.race([
      this.server.stop(),
      new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref()),
    ]);
  }
}
