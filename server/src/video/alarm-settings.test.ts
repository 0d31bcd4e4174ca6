import {
  createVideoSpace,
  ErrorCode,
  listVideoDevices,
  listVideoSpaces,
  setVideoAlarmPreset,
  updateVideoSpace,
  videoPtzCommands,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RaisedEvent } from '../events/event-tracker.js';
import { buildEvent } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { moveToAlarmPresets } from './alarm-ptz.js';
import { buildPlantWithCamera } from '../test/fixtures/video.factories.js';
import { VideoRuntime } from './video-runtime.js';

// Video off: the settings and the alarm moves' bookkeeping need no media server (the moved
// picture is proven with the real pipeline in video-streams.test.ts).
let t: TestApp;
let idle: VideoRuntime;
beforeAll(async () => {
  t = await buildTestApp({ VIDEO: 'off' });
  idle = new VideoRuntime(t.deps);
});

/** An event as ingestion hands it on when it raises it. */
async function raise(...args: Parameters<typeof buildEvent>): Promise<RaisedEvent> {
  const event = await buildEvent(...args);
  return {
    id: event.id,
    deviceId: event.device_id,
    code: event.code,
    level: event.level,
    startedAt: event.started_at,
  };
}

async function spaceOf(token: string, id: number) {
  const spaces = await endpointData(t.app, listVideoSpaces, { token });
  return spaces.infos.find((space) => space.id === id);
}

describe('alarm levels per space', () => {
  it('defaults to faults and protections, changes with video.manage, refuses bad levels', async () => {
    const staff = await buildCompanyWithStaff(t.deps, ['video.view']);
    const { id } = await endpointData(t.app, createVideoSpace, {
      token: staff.adminToken,
      body: { name: 'Fence' },
    });
    expect((await spaceOf(staff.adminToken, id))?.alarmLevels).toEqual(['F', 'P']);
    await endpointData(t.app, updateVideoSpace, {
      token: staff.adminToken,
      params: { id },
      body: { name: 'Fence', retentionDays: 3, alarmLevels: ['W'] },
    });
    expect(await spaceOf(staff.adminToken, id)).toMatchObject({
      retentionDays: 3,
      alarmLevels: ['W'],
    });
    for (const alarmLevels of [['X'], ['F', 'F']]) {
      const bad = await callEndpoint(t.app, updateVideoSpace, {
        token: staff.adminToken,
        params: { id },
        body: { name: 'Fence', alarmLevels } as never,
      });
      expect(bad.code).toBe(ErrorCode.validation);
    }
    const viewer = await callEndpoint(t.app, updateVideoSpace, {
      token: staff.staffToken,
      params: { id },
      body: { name: 'Mine', alarmLevels: [] },
    });
    expect(viewer.code).toBe(ErrorCode.noPermission);
    const foreign = await buildCompanyWithStaff(t.deps);
    const refused = await callEndpoint(t.app, updateVideoSpace, {
      token: foreign.adminToken,
      params: { id },
      body: { name: 'Mine', alarmLevels: [] },
    });
    expect(refused.code).toBe(ErrorCode.videoNotFound);
    expect((await spaceOf(staff.adminToken, id))?.name).toBe('Fence');
  });
});

/** A company's plant with an inverter and a simulated camera on it with a stored preset 2. */
async function siteWithPreset() {
  const site = await buildPlantWithCamera(t.deps);
  await t.deps.db
    .insertInto('video_presets')
    .values({
      channel_id: site.camera.channelId,
      number: 2,
      name: 'Gate',
      pan: -0.5,
      tilt: 0.25,
      zoom: 2,
    })
    .execute();
  return site;
}

async function positionOf(channelId: number) {
  return t.deps.db
    .selectFrom('video_channels')
    .select(['pan', 'tilt', 'zoom'])
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
}

describe('alarm preset', () => {
  it('is set to a stored preset by video.manage of the company only', async () => {
    const site = await siteWithPreset();
    const params = { id: site.camera.channelId };
    const missing = await callEndpoint(t.app, setVideoAlarmPreset, {
      token: site.adminToken,
      params,
      body: { number: 5 },
    });
    expect(missing.code, 'preset 5 is not stored').toBe(ErrorCode.videoNotFound);
    const viewer = await callEndpoint(t.app, setVideoAlarmPreset, {
      token: site.staffToken,
      params,
      body: { number: 2 },
    });
    expect(viewer.code).toBe(ErrorCode.noPermission);
    const foreign = await buildCompanyWithStaff(t.deps);
    const refused = await callEndpoint(t.app, setVideoAlarmPreset, {
      token: foreign.adminToken,
      params,
      body: { number: 2 },
    });
    expect(refused.code).toBe(ErrorCode.videoNotFound);
    await endpointData(t.app, setVideoAlarmPreset, {
      token: site.adminToken,
      params,
      body: { number: 2 },
    });
    const devices = await endpointData(t.app, listVideoDevices, {
      token: site.staffToken,
      query: { plantId: site.plant.id },
    });
    expect(devices.infos[0]?.channels[0]?.alarmPreset).toBe(2);
  });

  it("moves on an alarm of the space's levels once, logged as the system's command", async () => {
    const site = await siteWithPreset();
    await endpointData(t.app, setVideoAlarmPreset, {
      token: site.adminToken,
      params: { id: site.camera.channelId },
      body: { number: 2 },
    });
    const warning = await raise(t.deps, site.inverter.id, {
      code: '2002',
      level: 2,
      startedAt: new Date(),
    });
    expect(
      await moveToAlarmPresets(t.deps, idle, [warning]),
      'a warning is not a default level',
    ).toBe(0);
    expect(await positionOf(site.camera.channelId)).toEqual({ pan: 0, tilt: 0, zoom: 1 });
    const old = await raise(t.deps, site.inverter.id, {
      level: 1,
      startedAt: new Date(Date.now() - 600_000),
    });
    expect(await moveToAlarmPresets(t.deps, idle, [old]), 'an old alarm moves nothing').toBe(0);

    const fault = await raise(t.deps, site.inverter.id, {
      code: '3003',
      level: 1,
      startedAt: new Date(),
    });
    const moves = await Promise.all([
      moveToAlarmPresets(t.deps, idle, [fault]),
      moveToAlarmPresets(t.deps, idle, [fault]),
    ]);
    expect(moves[0] + moves[1], 'one move per alarm, even run twice at once').toBe(1);
    expect(await positionOf(site.camera.channelId)).toEqual({ pan: -0.5, tilt: 0.25, zoom: 2 });
    const log = await endpointData(t.app, videoPtzCommands, {
      token: site.staffToken,
      params: { id: site.camera.channelId },
    });
    expect(log.infos).toEqual([
      expect.objectContaining({
        action: 'preset',
        presetNumber: 2,
        userEmail: null,
        eventId: fault.id,
      }),
    ]);
    const foreign = await buildCompanyWithStaff(t.deps, ['video.view']);
    const refused = await callEndpoint(t.app, videoPtzCommands, {
      token: foreign.staffToken,
      params: { id: site.camera.channelId },
    });
    expect(refused.code).toBe(ErrorCode.videoNotFound);
  });
});
