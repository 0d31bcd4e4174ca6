import net from 'node:net';
import { createVideoDevice, createVideoSpace, ErrorCode, listVideoDevices } from '@solar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

// Something else holds the RTMP port, so the embedded media server cannot start.
const occupier = net.createServer();
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => occupier.listen(0, resolve));
  const { port } = occupier.address() as net.AddressInfo;
  t = await buildTestApp({ VIDEO: 'auto', VIDEO_RTMP_PORT: String(port) });
});

afterAll(() => new Promise<void>((resolve) => occupier.close(() => resolve())));

describe('camera creation', () => {
  it('leaves no camera behind when its feeds cannot start (1303)', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const space = await endpointData(t.app, createVideoSpace, {
      token: adminToken,
      body: { name: 'Gate' },
    });
    const failed = await callEndpoint(t.app, createVideoDevice, {
      token: adminToken,
      body: { spaceId: space.id, name: 'Gate camera', protocol: 'simulated', channelCount: 2 },
    });
    expect(failed.code).toBe(ErrorCode.videoStreamUnavailable);
    const devices = await endpointData(t.app, listVideoDevices, {
      token: adminToken,
      query: { spaceId: space.id },
    });
    expect(devices.total).toBe(0);
    const channels = await t.deps.db
      .selectFrom('video_channels')
      .innerJoin('video_devices', 'video_devices.id', 'video_channels.device_id')
      .select('video_channels.id')
      .where('video_devices.space_id', '=', space.id)
      .execute();
    expect(channels).toEqual([]);
  });
});
