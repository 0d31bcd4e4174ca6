import {
  ErrorCode,
  plantDevices,
  plantEnergyFlow,
  plantEventCount,
  plantGenerationUse,
  plantIncomeTotal,
  plantLive,
  plantRealtime,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildEvent,
  buildPlantWithDevices,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const FIVE_MINUTES = 5 * 60_000;

/** The start of the five-minute bucket `back` buckets before the current one. */
function bucketBefore(back: number): Date {
  return new Date(Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES - back * FIVE_MINUTES);
}

/** A fixed-offset zone where it is about noon now, so the last buckets lie in today. */
function noonZone(): string {
  const hoursAhead = 12 - new Date().getUTCHours();
  if (hoursAhead === 0) return 'UTC';
  return hoursAhead > 0 ? `Etc/GMT-${hoursAhead}` : `Etc/GMT+${-hoursAhead}`;
}

async function livePlant() {
  const signedIn = await buildSignedInOwner(t.deps);
  const { plant, devices } = await buildPlantWithDevices(
    t.deps,
    signedIn.user.id,
    [
      { kind: 'inverter', status: 'normal', lastValues: { pac_w: 3000, e_day_kwh: 4 } },
      { kind: 'meter', status: 'normal', lastValues: { p_total_w: -1200 } },
    ],
    { time_zone: noonZone(), capacity_kwp: 6 },
  );
  return { ...signedIn, plant, inverter: devices[0]! };
}

describe('plant live', () => {
  it('answers what the separate overview calls answer, in one body', async () => {
    const { token, plant } = await livePlant();
    const params = { id: plant.id };
    const live = await endpointData(t.app, plantLive, { params, token });
    const [realtime, flow, use, income, events, devices] = await Promise.all([
      endpointData(t.app, plantRealtime, { params, token }),
      endpointData(t.app, plantEnergyFlow, { params, token }),
      endpointData(t.app, plantGenerationUse, { params, query: { range: 'day' }, token }),
      endpointData(t.app, plantIncomeTotal, { params, token }),
      endpointData(t.app, plantEventCount, { params, token }),
      endpointData(t.app, plantDevices, { params, token }),
    ]);
    expect(live.realtime).toEqual(realtime);
    expect(live.realtime.powerW).toBe(3000);
    expect(live.energyFlow).toEqual(flow);
    expect(live.generationToday).toEqual(use);
    expect(live.incomeTotal).toEqual(income);
    expect(live.eventCount).toEqual(events);
    expect(live.devices).toEqual(devices);
  });

  it('gives the peak of today and marks of the last power bucket and event change', async () => {
    const { token, plant, inverter } = await livePlant();
    const params = { id: plant.id };
    const empty = await endpointData(t.app, plantLive, { params, token });
    expect(empty.peakPowerTodayW).toBe(0);
    expect(empty.changes).toEqual({ lastPowerBucket: null, lastEventChange: null });

    const earlier = bucketBefore(2);
    const latest = bucketBefore(1);
    await insertPower(t.deps, inverter.id, [
      { bucket: earlier, powerW: 4200 },
      { bucket: latest, powerW: 2100 },
    ]);
    const started = new Date(Date.now() - 60_000);
    const ended = new Date(Date.now() - 1_000);
    await buildEvent(t.deps, inverter.id, { startedAt: started, endedAt: ended });
    const filled = await endpointData(t.app, plantLive, { params, token });
    expect(filled.peakPowerTodayW).toBe(4200);
    expect(filled.changes.lastPowerBucket).toBe(latest.toISOString());
    expect(filled.changes.lastEventChange).toBe(ended.toISOString());
  });

  it('answers 304 while nothing changed and a new body once the plant reports', async () => {
    const { token, plant } = await livePlant();
    const params = { id: plant.id };
    const first = await callEndpoint(t.app, plantLive, { params, token });
    const etag = String(first.raw.headers.etag);
    const same = await callEndpoint(t.app, plantLive, {
      params,
      token,
      headers: { 'if-none-match': etag },
    });
    expect(same.status).toBe(304);
    await t.deps.db
      .updateTable('devices')
      .set({ last_values: { pac_w: 3500, e_day_kwh: 4.5 }, last_seen_at: new Date() })
      .where('kind', '=', 'inverter')
      .where('datalogger_id', 'in', (qb) =>
        qb.selectFrom('dataloggers').select('id').where('plant_id', '=', plant.id),
      )
      .execute();
    const changed = await callEndpoint(t.app, plantLive, {
      params,
      token,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.data?.realtime.powerW).toBe(3500);
  });

  it('is hidden from other tenants (700) and needs station.view (2)', async () => {
    const { plant } = await livePlant();
    const params = { id: plant.id };
    const other = await buildCompanyWithStaff(t.deps, ['station.view']);
    const foreign = await callEndpoint(t.app, plantLive, { params, token: other.staffToken });
    expect(foreign.code).toBe(ErrorCode.plantNotFound);
    const noView = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const denied = await callEndpoint(t.app, plantLive, { params, token: noView.staffToken });
    expect(denied.code).toBe(ErrorCode.noPermission);
    expect((await callEndpoint(t.app, plantLive, { params })).status).toBe(401);
  });
});
