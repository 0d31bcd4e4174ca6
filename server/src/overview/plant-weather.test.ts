import { ErrorCode, plantWeather } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const weather = (token: string, plantId: number) =>
  callEndpoint(t.app, plantWeather, { token, query: { plantId } });

describe('GET /api/v1/weather', () => {
  it('answers 401 without a token', async () => {
    const res = await callEndpoint(t.app, plantWeather, { query: { plantId: 1 } });
    expect(res.status).toBe(401);
  });

  it('answers code 4 without a plant', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const res = await callEndpointLoosely(t.app, plantWeather, { token, query: {} });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("answers 700 for another owner's plant and 2 without station.view", async () => {
    const { user } = await buildSignedInOwner(t.deps);
    const { plant } = await buildPlantWithDevices(t.deps, user.id, [{ kind: 'weather' }]);
    const stranger = await buildSignedInOwner(t.deps);
    expect((await weather(stranger.token, plant.id)).code).toBe(ErrorCode.plantNotFound);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['inverter.view']);
    expect((await weather(staffToken, plant.id)).code).toBe(ErrorCode.noPermission);
  });

  it('answers null for a plant without a weather station', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const { plant } = await buildPlantWithDevices(t.deps, user.id, [{ kind: 'inverter' }]);
    const res = await weather(token, plant.id);
    expect(res.code).toBe(ErrorCode.ok);
    expect(res.data).toBeNull();
  });

  it("answers the station's last readings, null for what it did not report", async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const lastSeenAt = new Date('2026-03-29T10:00:00.000Z');
    const { plant } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', lastValues: { pac_w: 2500 } },
      {
        kind: 'weather',
        sn: `WS${Date.now()}`,
        lastSeenAt,
        lastValues: { irradiance_wm2: 812.5, ambient_c: 18.2, module_c: 31 },
      },
      { kind: 'weather', lastValues: { irradiance_wm2: 1 } },
    ]);
    const res = await weather(token, plant.id);
    expect(res.data).toEqual({
      sn: expect.stringMatching(/^WS/) as string,
      status: 'normal',
      ts: lastSeenAt.toISOString(),
      irradianceWm2: 812.5,
      ambientC: 18.2,
      moduleC: 31,
      windMs: null,
    });
  });
});
