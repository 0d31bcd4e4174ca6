import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ErrorCode,
  listVideoAlarmClips,
  VIDEO_ALARM_CLIP_SECONDS,
  videoAlarmClipFile,
  videoAlarmClipStream,
} from '@solar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { alarmClipKey, cutAlarmClipsNow, deleteExpiredAlarmClipsNow } from './alarm-clips.js';
import { SEGMENT_SECONDS, streamDir } from './recordings.js';
import { buildPlantWithCamera, withTamperedSignature } from '../test/fixtures/video.factories.js';
import { recordingsDirOf } from './video-runtime.js';

const run = promisify(execFile);
// No media server: the clips are cut from recordings written here with the real ffmpeg.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ VIDEO: 'off' });
});
const ALARM_AT = Math.floor(Date.now() / 1000) - 600;
const RECORDED_SECONDS = 120;
let segmentsDir = '';

/** Two minutes of real H.264 recording around ALARM_AT, in 2 s segments named by start time. */
beforeAll(async () => {
  segmentsDir = await mkdtemp(path.join(tmpdir(), 'alarm-segments-'));
  await run(t.deps.config.FFMPEG_PATH, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=320x180:rate=10`, '-t', String(RECORDED_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'],
    ...['-f', 'segment', '-segment_time', String(SEGMENT_SECONDS), '-segment_format', 'mpegts'],
    path.join(segmentsDir, '%03d.ts'),
  ]);
}, 60_000);

afterAll(() => rm(segmentsDir, { recursive: true, force: true }));

async function recordAround(streamId: string): Promise<void> {
  const dir = streamDir(recordingsDirOf(t.deps.config), streamId);
  await mkdir(dir, { recursive: true });
  const first = ALARM_AT - 45;
  const names = (await readdir(segmentsDir)).filter((name) => name.endsWith('.ts')).sort();
  for (const [index, name] of names.entries()) {
    await copyFile(
      path.join(segmentsDir, name),
      path.join(dir, `${first + index * SEGMENT_SECONDS}.ts`),
    );
  }
}

async function durationOf(bytes: Buffer): Promise<number> {
  const file = path.join(segmentsDir, `probe-${Date.now()}.mp4`);
  await writeFile(file, bytes);
  const { stdout } = await run(t.deps.config.FFMPEG_PATH.replace(/ffmpeg$/, 'ffprobe'), [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

describe('alarm clips', () => {
  it('keeps 30 s before to 60 s after a fault as an MP4, once, seen only by the company', async () => {
    const site = await buildPlantWithCamera(t.deps);
    await recordAround(site.camera.streamId);
    const fault = await buildEvent(t.deps, site.inverter.id, {
      level: 1,
      startedAt: new Date(ALARM_AT * 1000),
    });
    await buildEvent(t.deps, site.inverter.id, {
      code: '2002',
      level: 2,
      startedAt: new Date(ALARM_AT * 1000),
    });
    const afterWindow = (ALARM_AT + VIDEO_ALARM_CLIP_SECONDS.after + 1) * 1000;

    expect(
      await cutAlarmClipsNow(t.deps, afterWindow - 2000),
      'the 60 s after are not yet over',
    ).toBe(0);
    expect(await cutAlarmClipsNow(t.deps, afterWindow)).toBe(1);
    expect(await cutAlarmClipsNow(t.deps, afterWindow), 'a clip is kept once').toBe(0);

    const list = await endpointData(t.app, listVideoAlarmClips, {
      token: site.staffToken,
      query: { plantId: site.plant.id },
    });
    expect(list.infos).toHaveLength(1);
    const clip = list.infos[0]!;
    expect(clip).toMatchObject({
      eventId: Number(fault.id),
      eventLevel: 'F',
      channelId: site.camera.channelId,
      plantName: site.plant.name,
    });
    expect(Date.parse(clip.startsAt) / 1000).toBe(ALARM_AT - VIDEO_ALARM_CLIP_SECONDS.before - 1);
    expect(Date.parse(clip.endsAt) / 1000).toBeGreaterThanOrEqual(
      ALARM_AT + VIDEO_ALARM_CLIP_SECONDS.after,
    );

    // The file is MP4, not the JSON envelope: read as the exports test reads its files.
    const file = await t.app.inject({
      method: videoAlarmClipFile.method,
      url: videoAlarmClipFile.path.replace(':id', String(clip.id)),
      headers: { authorization: `Bearer ${site.staffToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('video/mp4');
    const seconds = await durationOf(file.rawPayload);
    expect(seconds).toBeGreaterThan(88);
    expect(seconds).toBeLessThan(96);

    // Played in the page: a signed URL the video element opens without a bearer.
    const play = await endpointData(t.app, videoAlarmClipStream, {
      token: site.staffToken,
      params: { id: clip.id },
    });
    expect(Date.parse(play.expiresAt)).toBeGreaterThan(Date.now());
    const played = await t.app.inject({ method: 'GET', url: play.url });
    expect(played.headers['content-type']).toContain('video/mp4');
    expect(played.rawPayload.equals(file.rawPayload)).toBe(true);
    const tampered = await t.app.inject({ method: 'GET', url: withTamperedSignature(play.url) });
    expect(tampered.json<{ code: number }>().code).toBe(ErrorCode.noPermission);

    const foreign = await buildCompanyWithStaff(t.deps, ['video.view']);
    const foreignPlay = await callEndpoint(t.app, videoAlarmClipStream, {
      token: foreign.staffToken,
      params: { id: clip.id },
    });
    expect(foreignPlay.code).toBe(ErrorCode.videoNotFound);
    const foreignList = await endpointData(t.app, listVideoAlarmClips, {
      token: foreign.staffToken,
      query: { plantId: site.plant.id },
    });
    expect(foreignList.infos).toHaveLength(0);
    const refused = await callEndpoint(t.app, videoAlarmClipFile, {
      token: foreign.staffToken,
      params: { id: clip.id },
    });
    expect(refused.code).toBe(ErrorCode.videoNotFound);
  }, 60_000);

  it('keeps nothing without recordings and deletes clips past their space retention', async () => {
    const site = await buildPlantWithCamera(t.deps);
    await buildEvent(t.deps, site.inverter.id, { level: 5, startedAt: new Date(ALARM_AT * 1000) });
    const afterWindow = (ALARM_AT + VIDEO_ALARM_CLIP_SECONDS.after + 1) * 1000;
    expect(await cutAlarmClipsNow(t.deps, afterWindow), 'no recording, no clip').toBe(0);
    await recordAround(site.camera.streamId);
    expect(await cutAlarmClipsNow(t.deps, afterWindow)).toBe(1);
    const key = alarmClipKey(site.camera.channelId, (await clipsOf(site.staffToken))[0]!.eventId);
    expect(await t.deps.files.stat(key)).not.toBeNull();

    // The space keeps 7 days: a week and a day later the clip and its file are gone.
    expect(await deleteExpiredAlarmClipsNow(t.deps, Date.now() + 8 * 86_400_000)).toBeGreaterThan(
      0,
    );
    expect(await clipsOf(site.staffToken)).toHaveLength(0);
    expect(await t.deps.files.stat(key)).toBeNull();
  }, 60_000);
});

describe("a space's alarm levels", () => {
  it('cut clips for the levels the space chose, not the default ones', async () => {
    const site = await buildPlantWithCamera(t.deps);
    await t.deps.db
      .updateTable('video_spaces')
      .set({ alarm_levels: ['W'] })
      .where('id', '=', site.camera.spaceId)
      .execute();
    await recordAround(site.camera.streamId);
    const at = new Date(ALARM_AT * 1000);
    await buildEvent(t.deps, site.inverter.id, { level: 1, startedAt: at });
    const warning = await buildEvent(t.deps, site.inverter.id, {
      code: '2002',
      level: 2,
      startedAt: at,
    });
    const afterWindow = (ALARM_AT + VIDEO_ALARM_CLIP_SECONDS.after + 1) * 1000;
    // Other tests' alarms may be cut in the same run: only this company's clips are looked at.
    await cutAlarmClipsNow(t.deps, afterWindow);
    const clips = await clipsOf(site.staffToken);
    expect(clips.map((clip) => [clip.eventId, clip.eventLevel])).toEqual([
      [Number(warning.id), 'W'],
    ]);
  }, 60_000);
});

async function clipsOf(token: string) {
  return (await endpointData(t.app, listVideoAlarmClips, { token, query: {} })).infos;
}
