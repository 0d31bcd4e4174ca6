import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseRtmpPort, DEFAULT_RTMP_PORT } from './media-ports.js';
import { EmbeddedMediaServer } from './media-server.js';

/** Holds a port the way another portal's media server would. */
function occupy(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, () => resolve(server));
  });
}

const release = (server: net.Server | null) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let taken: net.Server;
// Null when something on this host holds 1935 already: then it is taken all the same.
let defaultHolder: net.Server | null;
let dataDir: string;

beforeAll(async () => {
  taken = (await occupy(0)) as net.Server;
  defaultHolder = await occupy(DEFAULT_RTMP_PORT);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-ports-'));
});

afterAll(async () => {
  await release(taken);
  await release(defaultHolder);
  await rm(dataDir, { recursive: true, force: true });
});

describe('chooseRtmpPort', () => {
  it('refuses a configured port in use, saying what to set', async () => {
    await expect(chooseRtmpPort(portOf(taken), vi.fn())).rejects.toThrow(
      new RegExp(`VIDEO_RTMP_PORT ${portOf(taken)} cannot be used .*0 for any free port`),
    );
  });

  it('takes any free port for 0, without a warning', async () => {
    const warn = vi.fn();
    const port = await chooseRtmpPort(0, warn);
    expect(port).toBeGreaterThan(0);
    expect(await isListening(port)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('moves to a free port when 1935 is taken and none is configured, and says so', async () => {
    const warn = vi.fn();
    const port = await chooseRtmpPort(undefined, warn);
    expect(port).not.toBe(DEFAULT_RTMP_PORT);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`push to port ${port}`));
  });
});

describe('a second portal on the host', () => {
  it('starts its media server on another RTMP port and gives cameras that one', async () => {
    const server = await EmbeddedMediaServer.start({
      rtmpPort: undefined,
      publicRtmpUrl: undefined,
      secret: 'a media secret for the test',
      dataDir,
      onPublish: () => undefined,
      warn: () => undefined,
    });
    try {
      const port = Number(/^rtmp:\/\/localhost:(\d+)\//.exec(server.publishUrl('cam1'))?.[1]);
      expect(port).not.toBe(DEFAULT_RTMP_PORT);
      expect(await isListening(port)).toBe(true);
      expect(server.ingestUrl('cam1')).toContain(`:${port}/live/cam1`);
    } finally {
      await server.close();
    }
  });
});
