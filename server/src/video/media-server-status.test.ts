import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, videoMediaServerStatus } from '@solar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

// A real HTTP server stands for the external media server's HTTP side.
const external = createServer((_request, response) => response.end('ok'));
let port: number;
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
  ({ port } = external.address() as AddressInfo);
  t = await buildTestApp({ VIDEO: 'auto', MEDIA_SERVER_URL: `http://127.0.0.1:${port}` });
});

afterAll(() => new Promise<void>((resolve) => external.close(() => resolve())));

describe('media server status', () => {
  it('tells video managers whether the external media server answers', async () => {
    const { adminToken, staffToken } = await buildCompanyWithStaff(t.deps, ['video.view']);
    const refused = await callEndpoint(t.app, videoMediaServerStatus, { token: staffToken });
    expect(refused.code).toBe(ErrorCode.noPermission);

    const running = await endpointData(t.app, videoMediaServerStatus, { token: adminToken });
    expect(running).toMatchObject({ kind: 'external', state: 'running' });

    external.closeAllConnections();
    await new Promise<void>((resolve) => external.close(() => resolve()));
    const away = await endpointData(t.app, videoMediaServerStatus, { token: adminToken });
    expect(away).toMatchObject({ kind: 'external', state: 'unreachable' });
    external.listen(port, '127.0.0.1');
  });
});
