import { execFile } from 'node:child_process';
import net from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  createVideoDevice,
  createVideoSpace,
  type EndpointBody,
  ErrorCode,
  gotoVideoPreset,
  listVideoDevices,
  setVideoAlarmPreset,
  storeVideoPreset,
  videoLiveStream,
  videoPlayback,
  videoPresets,
  videoPtz,
  videoPtzCommands,
  videoRecordings,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { persistentSecret } from '../config/secrets.js';
import { inverterReading, record } from '../test/fixtures/ingestion.factories.js';
import { IngestionService } from '../ingestion/ingestion-service.js';
import { buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { streamDir } from './recordings.js';
import { StreamTokens } from './stream-tokens.js';
import { recordingsDirOf } from './video-runtime.js';
import { withTamperedSignature } from '../test/fixtures/video.factories.js';

/** The real pipeline: embedded node-media-server, a simulated camera and a recorder (ffmpeg). */

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// The video runtime drives every camera in its database: the file's own database keeps the
// cameras of other test files (dozens of ffmpeg processes in a full run) out of its CPU.
let t: TestApp;
beforeAll(async () => {
  await promisify(execFile)('ffmpeg', ['-version']).catch(() => {
    // scripts/test.sh installs it before the unit tests.
    throw new Error('ffmpeg is missing: install it with `bash e2e/scripts/ensure-ffmpeg.sh`');
  });
  t = await buildTestApp(
    { VIDEO: 'auto', VIDEO_RTMP_PORT: String(await freePort()) },
    { database: 'own' },
  );
});
let baseUrl = '';
let adminToken = '';
let adminId = 0;
let adminEmail = '';
let companyId = 0;
let channelId = 0;

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const movePtz = (action: EndpointBody<typeof videoPtz>['action']) =>
  endpointData(t.app, videoPtz, { token: adminToken, params: { id: channelId }, body: { action } });
const storePreset = (number: number, name: string) =>
  endpointData(t.app, storeVideoPreset, {
    token: adminToken,
    params: { id: channelId },
    body: { number, name },
  });
const gotoPreset = (number: number) =>
  endpointData(t.app, gotoVideoPreset, { token: adminToken, params: { id: channelId, number } });

/** The first bytes of a media URL, or the JSON envelope of a refusal. */
async function firstBytes(url: string): Promise<{ bytes: Buffer; type: string }> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${url}`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  controller.abort();
  return { bytes: Buffer.from(value ?? []), type: response.headers.get('content-type') ?? '' };
}

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const company = await buildCompanyWithStaff(t.deps);
  adminToken = company.adminToken;
  adminId = company.admin.id;
  adminEmail = company.admin.email;
  companyId = company.company.id;
  const space = await endpointData(t.app, createVideoSpace, {
    token: adminToken,
    body: { name: 'Yard' },
  });
  await endpointData(t.app, createVideoDevice, {
    token: adminToken,
    body: { spaceId: space.id, name: 'Yard camera', protocol: 'simulated' },
  });
  await until(async () => {
    const list = await endpointData(t.app, listVideoDevices, { token: adminToken });
    channelId = list.infos[0]?.channels[0]?.id ?? 0;
    return list.infos[0]?.isOnline === true;
  }, 30_000);
}, 60_000);

describe('live view', () => {
  it('plays the simulated camera through a signed URL as HTTP-FLV', async () => {
    const live = await endpointData(t.app, videoLiveStream, {
      token: adminToken,
      params: { id: channelId },
    });
    expect(Date.parse(live.expiresAt)).toBeGreaterThan(Date.now());
    const { bytes, type } = await firstBytes(live.url);
    expect(type).toBe('video/x-flv');
    expect(bytes.subarray(0, 3).toString()).toBe('FLV');
  });

  it('refuses an expired, a tampered and a guessed URL with code 2', async () => {
    const live = await endpointData(t.app, videoLiveStream, {
      token: adminToken,
      params: { id: channelId },
    });
    const secret = await persistentSecret(t.deps.config.DATA_DIR, 'video-secret');
    const token = live.url.split('token=')[1] ?? '';
    const issued = new StreamTokens(secret).verify(token, 'live');
    expect(issued).not.toBeNull();
    const grant = { kind: 'live' as const, userId: 1, channelId, streamId: issued?.streamId ?? '' };
    const expired = new StreamTokens(secret).sign(grant, Date.now() - 3_600_000).token;
    const tampered = withTamperedSignature(token);
    const guessed = new StreamTokens('a guess at the secret, long enough').sign(grant).token;
    for (const refused of [expired, tampered, guessed]) {
      const { bytes } = await firstBytes(`/api/v1/video/media/live.flv?token=${refused}`);
      expect((JSON.parse(bytes.toString()) as { code: number }).code).toBe(ErrorCode.noPermission);
    }
  });
});

describe('PTZ', () => {
  it('moves the simulated view, stores a preset and goes back to it', async () => {
    const moved = await movePtz('right');
    expect(moved).toEqual({ pan: 0.25, tilt: 0, zoom: 1 });
    await storePreset(1, 'Gate');
    await movePtz('zoomIn');
    const back = await gotoPreset(1);
    expect(back).toEqual({ pan: 0.25, tilt: 0, zoom: 1 });
    const presets = await endpointData(t.app, videoPresets, {
      token: adminToken,
      params: { id: channelId },
    });
    expect(presets.infos).toEqual([{ number: 1, name: 'Gate', pan: 0.25, tilt: 0, zoom: 1 }]);
  });
});

describe('playback', () => {
  it('lists recorded spans, plays them as HLS and downloads a clip', async () => {
    const range = () => ({
      from: new Date(Date.now() - 120_000).toISOString(),
      to: new Date(Date.now() + 1000).toISOString(),
    });
    await until(async () => {
      const recorded = await endpointData(t.app, videoRecordings, {
        token: adminToken,
        params: { id: channelId },
        query: range(),
      });
      return recorded.spans.length > 0;
    }, 30_000);
    const urls = await endpointData(t.app, videoPlayback, {
      token: adminToken,
      params: { id: channelId },
      body: range(),
    });
    const playlist = await (await fetch(`${baseUrl}${urls.playlistUrl}`)).text();
    expect(playlist).toContain('#EXTINF:');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segmentPath = playlist.split('\n').find((line) => line.startsWith('segment.ts'));
    const segment = await fetch(`${baseUrl}/api/v1/video/media/${segmentPath}`);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);
    // A segment of the stream outside the signed range is not served, nor one never recorded.
    const before = segmentPath?.replace(
      /start=\d+/,
      `start=${Math.floor(Date.now() / 1000) - 3600}`,
    );
    const refused = await fetch(`${baseUrl}/api/v1/video/media/${before}`);
    expect(refused.headers.get('content-type')).not.toBe('video/mp2t');
    const clip = Buffer.from(await (await fetch(`${baseUrl}${urls.clipUrl}`)).arrayBuffer());
    expect(clip.length).toBeGreaterThan(1000);
    expect(clip[0]).toBe(0x47);
  }, 60_000);
});

/**
 * Average grey of 8 vertical bands of the middle rows of the first picture the recorder wrote
 * after `afterSeconds` (a finished segment: a later one exists), read by ffmpeg.
 */
async function recordedBands(afterSeconds: number): Promise<number[]> {
  const { stream_id } = await t.deps.db
    .selectFrom('video_channels')
    .select('stream_id')
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  const dir = streamDir(recordingsDirOf(t.deps.config), stream_id);
  let segment = '';
  await until(async () => {
    const starts = (await readdir(dir))
      .map((name) => Number(name.replace(/\.ts$/, '')))
      .filter((start) => start >= afterSeconds)
      .sort((a, b) => a - b);
    segment = starts.length > 1 ? path.join(dir, `${starts[0]}.ts`) : '';
    return segment !== '';
  }, 30_000);
  const { stdout } = await promisify(execFile)(
    t.deps.config.FFMPEG_PATH,
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', segment, '-frames:v', '1'],
      ...['-vf', 'crop=iw:ih/2:0:ih/4,scale=8:1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    ],
    { encoding: 'buffer' },
  );
  return [...stdout];
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const distance = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] ?? 0)), 0);

describe('PTZ on an alarm', () => {
  it("moves the camera to its alarm preset when a fault happens at its plant's device", async () => {
    const { plant, datalogger, devices } = await buildPlantWithDevices(t.deps, adminId, [{}], {
      company_id: companyId,
    });
    await t.deps.db
      .updateTable('video_devices')
      .set({ plant_id: plant.id })
      .where(
        'id',
        '=',
        (
          await t.deps.db
            .selectFrom('video_channels')
            .select('device_id')
            .where('id', '=', channelId)
            .executeTakeFirstOrThrow()
        ).device_id,
      )
      .execute();
    for (const action of ['left', 'left', 'left', 'left', 'zoomIn'] as const) {
      await movePtz(action);
    }
    await storePreset(3, 'Inverters');
    await gotoPreset(1);
    await endpointData(t.app, setVideoAlarmPreset, {
      token: adminToken,
      params: { id: channelId },
      body: { number: 3 },
    });
    // The picture at preset 1 in two segments: how much it changes by itself (the moving
    // scene); the camera restarted there before the first.
    const atPreset1 = nowSeconds() + 1;
    const before = await recordedBands(atPreset1);
    const still = distance(before, await recordedBands(atPreset1 + 3));

    // The fault arrives as a datalogger's record: ingestion raises the event and moves the camera.
    const ingestion = new IngestionService(t.deps);
    const known = await ingestion.directory.find(datalogger.sn);
    await ingestion.ingestRecords(known!, [
      record(
        new Date().toISOString(),
        inverterReading(devices[0]!.sn, { pac_w: 0, status: 'fault', fault_codes: ['201'] }),
      ),
    ]);
    const fault = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('device_id', '=', devices[0]!.id)
      .where('code', '=', '201')
      .executeTakeFirstOrThrow();
    const panOfChannel = async () =>
      (
        await t.deps.db
          .selectFrom('video_channels')
          .select('pan')
          .where('id', '=', channelId)
          .executeTakeFirstOrThrow()
      ).pan;
    await expect
      .poll(panOfChannel, {
        message: 'moved right after the record is stored, no 5 s poll',
        timeout: 2000,
        interval: 50,
      })
      .toBe(-0.75);
    // The camera restarts its feed at the new position; on a busy machine that may take a few
    // segments, so later segments are read until one shows the preset (30 s at most).
    const threshold = Math.max(40, still * 3);
    const movedAt = nowSeconds();
    let change = 0;
    for (let from = movedAt + 2; change <= threshold && from < movedAt + 30; from += 2) {
      change = distance(before, await recordedBands(Math.max(from, nowSeconds())));
    }
    expect(change, 'the recorded picture shows the alarm preset').toBeGreaterThan(threshold);
    const log = await endpointData(t.app, videoPtzCommands, {
      token: adminToken,
      params: { id: channelId },
    });
    // The earlier tests of this file moved the camera too: find this test's entries.
    const alarmMove = log.infos.find((entry) => entry.eventId === fault.id);
    expect(alarmMove).toMatchObject({
      action: 'preset',
      presetNumber: 3,
      userEmail: null,
    });
    const ownMoves = log.infos.filter((entry) => entry.userEmail === adminEmail);
    expect(ownMoves[0], "the user's own move before it").toMatchObject({
      action: 'preset',
      presetNumber: 1,
      eventId: null,
    });
    expect(log.infos.indexOf(alarmMove!)).toBeLessThan(log.infos.indexOf(ownMoves[0]!));
  }, 90_000);
});
