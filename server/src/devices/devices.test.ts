import { type Endpoint, ErrorCode, FAMILY_ENDPOINTS } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData, type EndpointCall } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const INSTALLER = ['station.view', 'equip.view', 'battery.list.view'];
const { meter, battery, box, heat_pump: heatPump } = FAMILY_ENDPOINTS;

const get = <E extends Endpoint>(endpoint: E, input: EndpointCall<E>) =>
  endpointData(t.app, endpoint, input);

async function companyPlant(name = `Plant ${Math.random().toString(36).slice(2, 8)}`) {
  const company = await buildCompanyWithStaff(t.deps, INSTALLER);
  const plant = await buildPlant(t.deps, company.admin.id, {
    company_id: company.company.id,
    time_zone: 'Europe/Berlin',
    name,
  });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  return { ...company, token: company.staffToken, plant, datalogger };
}

describe('family lists', () => {
  it('answers 401, 2 without the family permission, and only the own tenant', async () => {
    expect((await callEndpoint(t.app, meter.list, {})).status).toBe(401);
    const noBattery = await buildCompanyWithStaff(t.deps, ['station.view', 'equip.view']);
    expect((await callEndpoint(t.app, battery.list, { token: noBattery.staffToken })).code).toBe(
      ErrorCode.noPermission,
    );
    const own = await companyPlant();
    const mine = await buildDevice(t.deps, own.datalogger.id, { kind: 'meter' });
    const other = await companyPlant();
    await buildDevice(t.deps, other.datalogger.id, { kind: 'meter' });
    const list = await get(meter.list, { token: own.token });
    expect(list.infos.map((row) => row.sn)).toEqual([mine.sn]);
    expect(list.total).toBe(1);
    const refused = await callEndpoint(t.app, meter.detail, {
      params: { sn: mine.sn },
      token: other.token,
    });
    expect(refused.code).toBe(ErrorCode.deviceNotFound);
  });

  it('filters by plant, status and keyword, pages, and shows the family values', async () => {
    const own = await companyPlant('Sunny Ridge');
    const second = await buildPlant(t.deps, own.admin.id, { company_id: own.company.id });
    const secondLogger = await buildDatalogger(t.deps, { plantId: second.id });
    const full = await buildDevice(t.deps, own.datalogger.id, {
      kind: 'battery',
      lastValues: { soc_pct: 81, p_bat_w: -1200 },
    });
    await buildDevice(t.deps, own.datalogger.id, { kind: 'battery', status: 'offline' });
    await buildDevice(t.deps, secondLogger.id, { kind: 'battery' });
    await buildDevice(t.deps, own.datalogger.id, { kind: 'meter' });

    const all = await get(battery.list, { token: own.token });
    expect(all.total).toBe(3);
    const onPlant = await get(battery.list, { token: own.token, query: { plantId: own.plant.id } });
    expect(onPlant.total).toBe(2);
    const offline = await get(battery.list, { token: own.token, query: { status: 'offline' } });
    expect(offline.infos.map((row) => row.status)).toEqual(['offline']);
    const byName = await get(battery.list, { token: own.token, query: { keyword: 'sunny' } });
    expect(byName.total).toBe(2);
    const bySn = await get(battery.list, { token: own.token, query: { keyword: full.sn } });
    expect(bySn.infos).toEqual([
      expect.objectContaining({
        sn: full.sn,
        plantId: own.plant.id,
        plantName: 'Sunny Ridge',
        values: { soc_pct: 81, p_bat_w: -1200 },
        warnings: [],
      }),
    ]);
    const paged = await get(battery.list, { token: own.token, query: { page: 2, size: 2 } });
    expect(paged.infos).toHaveLength(1);
    expect(paged.total).toBe(3);
  });
});

describe('combiner boxes', () => {
  it('flags a string far below its siblings while producing, not at night', async () => {
    const own = await companyPlant();
    const strings = [8.1, 8.0, 4.2, 7.9].map((i) => ({ v: 620, i }));
    const producing = await buildDevice(t.deps, own.datalogger.id, {
      kind: 'box',
      lastValues: { strings },
    });
    await buildDevice(t.deps, own.datalogger.id, {
      kind: 'box',
      lastValues: { strings: [0.1, 0.2, 0, 0.2].map((i) => ({ v: 10, i })) },
    });
    const list = await get(box.list, { token: own.token });
    const flagged = list.infos.find((row) => row.sn === producing.sn)!;
    expect(flagged.warnings).toEqual([{ code: 'weakString', key: 'strings3_i' }]);
    expect(flagged.values).toEqual({ string_count: 4, i_total_a: 28.2, p_w: 17484 });
    expect(list.infos.find((row) => row.sn !== producing.sn)!.warnings).toEqual([]);
    const detail = await get(box.detail, { token: own.token, params: { sn: producing.sn } });
    expect(detail.values).toMatchObject({ strings3_i: 4.2, strings3_v: 620 });
    expect(detail.warnings).toHaveLength(1);
  });
});

describe('device detail and day curves', () => {
  it('answers the latest values and the descriptor series of one plant-local day', async () => {
    const own = await companyPlant();
    const pump = await buildDevice(t.deps, own.datalogger.id, {
      kind: 'heat_pump',
      lastValues: { state: 'on', mode: 'heating', p_w: 2100, water_c: 48 },
    });
    await t.deps.db
      .insertInto('samples')
      .values(
        [1, 2, 3].map((hour) => ({
          device_id: pump.id,
          // 2026-03-29 is the Berlin day clocks go forward: it starts at 23:00 UTC the day before.
          ts: new Date(Date.UTC(2026, 2, 28, 22 + hour)),
          values: JSON.stringify({ state: 'on', p_w: 1000 * hour, water_c: 40 + hour }),
        })),
      )
      .execute();
    const detail = await get(heatPump.detail, { token: own.token, params: { sn: pump.sn } });
    expect(detail).toMatchObject({
      sn: pump.sn,
      kind: 'heat_pump',
      values: { state: 'on', mode: 'heating', p_w: 2100, water_c: 48 },
      plant: { id: own.plant.id },
      timeZone: 'Europe/Berlin',
      canManage: true,
    });
    const day = await get(heatPump.day, {
      token: own.token,
      params: { sn: pump.sn },
      query: { date: '2026-03-29' },
    });
    expect(day.from).toBe('2026-03-28T23:00:00.000Z');
    expect(day.to).toBe('2026-03-29T22:00:00.000Z');
    expect(day.series.map((s) => [s.key, s.unit, s.points.length])).toEqual([
      ['p_w', 'W', 3],
      ['water_c', '°C', 3],
    ]);
    const wrongFamily = await callEndpoint(t.app, meter.detail, {
      params: { sn: pump.sn },
      token: own.token,
    });
    expect(wrongFamily.code).toBe(ErrorCode.deviceNotFound);
  });
});
