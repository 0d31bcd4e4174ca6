import { ErrorCode, localDate, portfolio } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthStart } from '../plants/plant-calendar.js';
import {
  buildEvent,
  buildPlantWithDevices,
  insertEnergy,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('GET /api/v1/portfolio', () => {
  it('answers 401 without a token and 2 without station.view', async () => {
    expect((await callEndpoint(t.app, portfolio, {})).status).toBe(401);
    const noView = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const denied = await callEndpoint(t.app, portfolio, { token: noView.staffToken });
    expect(denied.code).toBe(ErrorCode.noPermission);
  });

  it('sums the visible fleet, counts statuses and open alarms, and ranks nothing unseen', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const zone = 'Europe/Berlin';
    const today = localDate(zone);
    const { devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter', status: 'normal', lastValues: { pac_w: 4000 } }],
      { name: 'A Sunny', capacity_kwp: 10, time_zone: zone, generation_offset_kwh: 1000 },
    );
    const inverter = devices[0]!;
    const earlierThisMonth = today === monthStart(today) ? today : addDays(today, -1);
    await insertEnergy(t.deps, inverter.id, [
      { day: today, energyKwh: 20 },
      ...(earlierThisMonth === today ? [] : [{ day: earlierThisMonth, energyKwh: 30 }]),
      { day: addDays(monthStart(today), -1), energyKwh: 50 },
    ]);
    const bucket = new Date();
    bucket.setUTCMinutes(0, 0, 0);
    await insertPower(t.deps, inverter.id, [{ bucket, powerW: 3600 }]);
    await buildEvent(t.deps, inverter.id, { level: 2, code: '2001' });
    await buildEvent(t.deps, inverter.id, { level: 5, code: '5001' });
    await buildEvent(t.deps, inverter.id, { level: 1, endedAt: new Date() });
    await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter', status: 'offline', lastSeenAt: null }],
      { name: 'B Grey', capacity_kwp: 5, time_zone: zone },
    );
    const stranger = await buildSignedInOwner(t.deps);
    await buildPlantWithDevices(t.deps, stranger.user.id, [{ kind: 'inverter' }]);

    const data = await endpointData(t.app, portfolio, { token });
    expect(data.plants.map((plant) => plant.name)).toEqual(['A Sunny', 'B Grey']);
    const [a, b] = data.plants;
    expect(a).toMatchObject({ status: 'normal', powerW: 4000, todayKwh: 20, todayYield: 2 });
    const monthKwh = earlierThisMonth === today ? 20 : 50;
    expect(a?.monthKwh).toBe(monthKwh);
    expect(a?.monthYield).toBe(monthKwh / 10);
    expect(a?.hourlyPowerW).toHaveLength(24);
    expect(Math.max(...(a?.hourlyPowerW ?? []))).toBe(300);
    expect(b).toMatchObject({ status: 'offline', powerW: 0, todayKwh: 0, todayYield: 0 });
    expect(data.totals).toMatchObject({
      plantCount: 2,
      capacityKwp: 15,
      powerW: 4000,
      todayKwh: 20,
      lifetimeKwh: 1000 + 50 + monthKwh,
    });
    expect(data.totals.co2Kg).toBeGreaterThan(0);
    expect(data.totals.incomes.map((income) => income.currency)).toEqual(['EUR']);
    expect(data.statusCounts).toMatchObject({ normal: 1, offline: 1, fault: 0 });
    expect(data.openAlarms).toEqual({ P: 1, W: 1, F: 0 });
  });
});

describe('GET /api/v1/portfolio revalidation', () => {
  it('answers 304 without a body while the fleet is unchanged, 200 once it changes', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const first = await callEndpoint(t.app, portfolio, { token });
    const etag = String(first.raw.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.raw.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await callEndpoint(t.app, portfolio, {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.raw.body).toBe('');

    await buildPlantWithDevices(t.deps, user.id, [{ kind: 'inverter' }], { name: 'New Roof' });
    const changed = await callEndpoint(t.app, portfolio, {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.data.plants.map((plant) => plant.name)).toEqual(['New Roof']);
  });
});
