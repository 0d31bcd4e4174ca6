import { mkdir, readdir, writeFile } from 'node:fs/promises';
import {
  createVideoDevice,
  createVideoSpace,
  ErrorCode,
  listVideoDevices,
  listVideoSpaces,
  VIDEO_DEVICE_LIMIT,
  VIDEO_SPACE_LIMIT,
  videoDevice,
  videoLiveStream,
  videoPtz,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { streamDir } from './recordings.js';
import { buildVideoCamera } from '../test/fixtures/video.factories.js';
import { deleteExpiredRecordingsNow } from './video-jobs.js';
import { recordingsDirOf } from './video-runtime.js';

let t: TestApp;

beforeAll(async () => {
  // Video off: the inventory and its limits need no media server.
  t = await buildTestApp({ VIDEO: 'off' });
});

describe('camera spaces', () => {
  it('answers 401 without a token and code 4 for a bad name', async () => {
    expect((await callEndpoint(t.app, listVideoSpaces)).status).toBe(401);
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, createVideoSpace, {
      token: adminToken,
      body: { name: '<x>' },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('holds at most 10 spaces per company and refuses the 11th with code 1300', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    for (let index = 0; index < VIDEO_SPACE_LIMIT; index += 1) {
      await endpointData(t.app, createVideoSpace, {
        token: adminToken,
        body: { name: `Space ${index}` },
      });
    }
    const refused = await callEndpoint(t.app, createVideoSpace, {
      token: adminToken,
      body: { name: 'One too many' },
    });
    expect(refused.code).toBe(ErrorCode.videoSpaceLimit);
    const spaces = await endpointData(t.app, listVideoSpaces, { token: adminToken });
    expect(spaces.total).toBe(VIDEO_SPACE_LIMIT);
    expect(spaces.infos[0]).toMatchObject({ retentionDays: 7, deviceCount: 0, diskBytes: 0 });
  });
});

describe('cameras', () => {
  it('holds at most 9 cameras per space and refuses the 10th with code 1301', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const space = await endpointData(t.app, createVideoSpace, {
      token: adminToken,
      body: { name: 'Roof' },
    });
    const body = { spaceId: space.id, protocol: 'rtmp' as const, channelCount: 2 };
    for (let index = 0; index < VIDEO_DEVICE_LIMIT; index += 1) {
      await endpointData(t.app, createVideoDevice, {
        token: adminToken,
        body: { ...body, name: `Camera ${index}` },
      });
    }
    const refused = await callEndpoint(t.app, createVideoDevice, {
      token: adminToken,
      body: { ...body, name: 'Camera 10' },
    });
    expect(refused.code).toBe(ErrorCode.videoDeviceLimit);
    const devices = await endpointData(t.app, listVideoDevices, {
      token: adminToken,
      query: { spaceId: space.id },
    });
    expect(devices.total).toBe(VIDEO_DEVICE_LIMIT);
    expect(devices.infos[0]?.channels.map((channel) => channel.number)).toEqual([1, 2]);
    expect(devices.infos[0]?.deviceId).toMatch(/^\d{20}$/);
  });

  it('needs a stream address for RTSP and keeps a given gbId as the device id', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const space = await endpointData(t.app, createVideoSpace, {
      token: adminToken,
      body: { name: 'Fence' },
    });
    const missing = await callEndpoint(t.app, createVideoDevice, {
      token: adminToken,
      body: { spaceId: space.id, name: 'Relay', protocol: 'rtsp' },
    });
    expect(missing.code).toBe(ErrorCode.validation);
    const gbId = '34020000001320000001';
    const created = await endpointData(t.app, createVideoDevice, {
      token: adminToken,
      body: {
        spaceId: space.id,
        name: 'Relay',
        protocol: 'rtsp',
        streamUrl: 'rtsp://10.0.0.9/stream1',
        gbId,
      },
    });
    const detail = await endpointData(t.app, videoDevice, {
      token: adminToken,
      params: { id: created.id },
    });
    expect(detail).toMatchObject({ deviceId: gbId, gbId, streamUrl: 'rtsp://10.0.0.9/stream1' });
  });

  it("hides another company's cameras and refuses their streams with code 1302", async () => {
    const owner = await buildCompanyWithStaff(t.deps);
    const camera = await buildVideoCamera(t.deps, owner.company.id);
    const outsider = await buildCompanyWithStaff(t.deps);
    const list = await endpointData(t.app, listVideoDevices, { token: outsider.adminToken });
    expect(list.infos.map((device) => device.id)).not.toContain(camera.deviceId);
    const live = await callEndpoint(t.app, videoLiveStream, {
      token: outsider.adminToken,
      params: { id: camera.channelId },
    });
    expect(live.code).toBe(ErrorCode.videoNotFound);
  });

  it('refuses PTZ to a camera the server does not drive with code 1304', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const camera = await buildVideoCamera(t.deps, company.id, { protocol: 'rtmp' });
    const res = await callEndpoint(t.app, videoPtz, {
      token: adminToken,
      params: { id: camera.channelId },
      body: { action: 'left' },
    });
    expect(res.code).toBe(ErrorCode.ptzUnsupported);
  });
});

describe('recording retention', () => {
  it("deletes segments older than the space's retention days and keeps the rest", async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const camera = await buildVideoCamera(t.deps, company.id, { retentionDays: 2 });
    const dir = streamDir(recordingsDirOf(t.deps.config), camera.streamId);
    await mkdir(dir, { recursive: true });
    const now = Date.now();
    const nowSeconds = Math.floor(now / 1000);
    const ages = [3 * 86_400, 2 * 86_400 + 60, 86_400, 10];
    for (const age of ages) await writeFile(`${dir}/${nowSeconds - age}.ts`, 'segment');
    await deleteExpiredRecordingsNow(t.deps, now);
    expect((await readdir(dir)).sort()).toEqual(
      [`${nowSeconds - 86_400}.ts`, `${nowSeconds - 10}.ts`].sort(),
    );
  });
});
