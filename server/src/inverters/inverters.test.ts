import { ErrorCode, fillPath, localDate } from '@solar/contract';
import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDatalogger,
  buildDevice,
  buildPlant,
  type BuildDeviceOptions,
  insertEnergy,
  insertSamples,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointReader } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const INSTALLER = [
  'station.view',
  'equip.view',
  'inverter.view',
  'inverter.alias',
  'inverter.delete',
];

const get = endpointReader(() => t.app);

/** A company with an installer, and a plant of the company with one datalogger. */
async function installerWithPlant(timeZone = 'Europe/Berlin', name?: string) {
  const company = await buildCompanyWithStaff(t.deps, INSTALLER);
  const plant = await buildPlant(t.deps, company.admin.id, {
    company_id: company.company.id,
    time_zone: timeZone,
    ...(name ? { name } : {}),
  });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  const device = async (options: BuildDeviceOptions & { modelCode?: string; alias?: string }) => {
    const row = await buildDevice(t.deps, datalogger.id, options);
    if (options.modelCode !== undefined || options.alias !== undefined) {
      await t.deps.db
        .updateTable('devices')
        .set({ model_code: options.modelCode ?? null, alias: options.alias ?? null })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  };
  return { ...company, token: company.staffToken, plant, datalogger, device };
}

/** Hourly samples (on the half hour, UTC) from `fromUtc` for `hours` hours. */
function hourly(fromUtc: string, hours: number, values: (hour: number) => object) {
  const start = new Date(fromUtc).getTime();
  return Array.from({ length: hours }, (_, hour) => ({
    ts: new Date(start + hour * 3_600_000).toISOString(),
    values: values(hour),
  }));
}

describe('inverter access', () => {
  it('answers 401, 2 without inverter.view, 600 to another company by SN, 606 for realtime', async () => {
    const { device, adminToken } = await installerWithPlant();
    const inverter = await device({ kind: 'inverter' });
    const params = { sn: inverter.sn };
    expect((await callEndpoint(t.app, api.inverterDetail, { params })).status).toBe(401);
    const noView = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await callEndpoint(t.app, api.listInverters, { token: noView.staffToken })).code).toBe(
      ErrorCode.noPermission,
    );
    const other = await buildCompanyWithStaff(t.deps, INSTALLER);
    for (const token of [other.staffToken, other.adminToken]) {
      const answers = await Promise.all([
        callEndpoint(t.app, api.inverterDetail, { params, token }),
        callEndpoint(t.app, api.inverterDayCurves, {
          params,
          query: { date: '2026-03-29' },
          token,
        }),
        callEndpointLoosely(t.app, api.inverterDayCsv, {
          params,
          query: { date: '2026-03-29' },
          token,
        }),
        callEndpoint(t.app, api.chartParameterDay, {
          params,
          query: { date: '2026-03-29', params: 'pac_w' },
          token,
        }),
        callEndpoint(t.app, api.chartParameters, { query: { sn: inverter.sn }, token }),
        callEndpoint(t.app, api.inverterAlias, { params, body: { alias: 'Mine' }, token }),
        callEndpoint(t.app, api.deleteInverter, { params, token }),
      ]);
      expect(answers.map((a) => a.code)).toEqual(Array(7).fill(ErrorCode.inverterNotFound));
      const realtime = await callEndpoint(t.app, api.equipmentRealtime, { params, token });
      expect(realtime.code).toBe(ErrorCode.deviceNotFound);
      const list = await get(api.listInverters, { query: { keyword: inverter.sn }, token });
      expect(list.total).toBe(0);
    }
    // An unknown SN answers exactly as an invisible one.
    const unknown = await callEndpoint(t.app, api.inverterDetail, {
      params: { sn: 'NO-SUCH-SN' },
      token: adminToken,
    });
    expect(unknown.code).toBe(ErrorCode.inverterNotFound);
    const row = await t.deps.db
      .selectFrom('devices')
      .select('alias')
      .where('id', '=', inverter.id)
      .executeTakeFirstOrThrow();
    expect(row.alias).toBeNull();
  });

  it('lets a visitor of a shared plant read but not rename or delete (code 2)', async () => {
    const { device, plant } = await installerWithPlant();
    const inverter = await device({ kind: 'inverter' });
    const visitor = await buildCompanyWithStaff(t.deps, INSTALLER);
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: visitor.staff.id, role: 'visitor' })
      .execute();
    const params = { sn: inverter.sn };
    const detail = await get(api.inverterDetail, { params, token: visitor.staffToken });
    expect(detail.canManage).toBe(false);
    const rename = await callEndpoint(t.app, api.inverterAlias, {
      params,
      body: { alias: 'X' },
      token: visitor.staffToken,
    });
    expect(rename.code).toBe(ErrorCode.noPermission);
    const removal = await callEndpoint(t.app, api.deleteInverter, {
      params,
      token: visitor.staffToken,
    });
    expect(removal.code).toBe(ErrorCode.noPermission);
  });
});

describe('inverters of a datalogger bound to no plant', () => {
  it('are seen by platform administrators only (no owner is recorded for them)', async () => {
    const loose = await buildDatalogger(t.deps, { plantId: null });
    const inverter = await buildDevice(t.deps, loose.id, { kind: 'inverter' });
    const company = await buildCompanyWithStaff(t.deps, INSTALLER);
    const hidden = await callEndpoint(t.app, api.inverterDetail, {
      params: { sn: inverter.sn },
      token: company.adminToken,
    });
    expect(hidden.code).toBe(ErrorCode.inverterNotFound);
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const token = await tokenFor(t.deps, admin.id);
    const detail = await get(api.inverterDetail, { params: { sn: inverter.sn }, token });
    expect(detail).toMatchObject({ plant: null, timeZone: 'UTC', canManage: true });
    const list = await get(api.listInverters, { query: { keyword: inverter.sn }, token });
    expect(list.infos).toMatchObject([
      { sn: inverter.sn, plantId: null, plantName: null, timeZone: 'UTC' },
    ]);
  });
});

describe('inverter list and count', () => {
  it('filters by plant, status, model and keyword, maps model codes, pages and sorts', async () => {
    const a = await installerWithPlant('Europe/Berlin', `Sunfield ${Date.now()}`);
    const ls = await a.device({
      kind: 'inverter',
      modelCode: '0200',
      alias: 'Roof east',
      lastValues: { pac_w: 1800 },
    });
    const lt = await a.device({
      kind: 'inverter',
      modelCode: '0500',
      status: 'fault',
      lastValues: { pac_w: 2500 },
    });
    const unknownModel = await a.device({
      kind: 'inverter',
      modelCode: 'beef',
      status: 'offline',
      lastValues: { pac_w: 999 },
    });
    await a.device({ kind: 'meter' });
    const token = a.token;
    const all = await get(api.listInverters, { query: { plantId: a.plant.id }, token });
    expect(all.total).toBe(3);
    expect(all.infos.map((i) => i.sn)).toEqual([ls.sn, lt.sn, unknownModel.sn].sort());
    const bySn = new Map(all.infos.map((i) => [i.sn, i]));
    expect(bySn.get(ls.sn)).toMatchObject({
      modelName: 'LS-2.5K F2',
      ratedPowerKw: 2.5,
      powerW: 1800,
      alias: 'Roof east',
      plantId: a.plant.id,
      plantName: a.plant.name,
      dataloggerSn: a.datalogger.sn,
      status: 'normal',
      timeZone: a.plant.time_zone,
      canManage: true,
    });
    expect(bySn.get(lt.sn)).toMatchObject({ modelName: 'LT-3K F2', ratedPowerKw: 3 });
    // Unknown codes carry no name (the client shows its default); offline means no power.
    expect(bySn.get(unknownModel.sn)).toMatchObject({
      modelCode: 'beef',
      modelName: null,
      ratedPowerKw: null,
      powerW: 0,
    });

    const fault = await get(api.listInverters, {
      query: { plantId: a.plant.id, status: 'fault' },
      token,
    });
    expect(fault.infos.map((i) => i.sn)).toEqual([lt.sn]);
    const model = await get(api.listInverters, {
      query: { plantId: a.plant.id, model: 'BEEF' },
      token,
    });
    expect(model.infos.map((i) => i.sn)).toEqual([unknownModel.sn]);
    const byAlias = await get(api.listInverters, { query: { keyword: 'roof EAST' }, token });
    expect(byAlias.infos.map((i) => i.sn)).toEqual([ls.sn]);
    const byPlantName = await get(api.listInverters, { query: { keyword: a.plant.name }, token });
    expect(byPlantName.total).toBe(3);
    const wildcard = await get(api.listInverters, { query: { keyword: '%' }, token });
    expect(wildcard.total).toBe(0);

    const byPower = await get(api.listInverters, {
      query: { plantId: a.plant.id, sort: 'power', order: 'desc', size: 2, page: 1 },
      token,
    });
    expect(byPower.total).toBe(3);
    expect(byPower.infos.map((i) => i.sn)).toEqual([lt.sn, ls.sn]);
    const secondPage = await get(api.listInverters, {
      query: { plantId: a.plant.id, sort: 'power', order: 'desc', size: 2, page: 2 },
      token,
    });
    expect(secondPage.infos.map((i) => i.sn)).toEqual([unknownModel.sn]);

    const count = await get(api.inverterCount, { query: { plantId: a.plant.id }, token });
    expect(count.total).toBe(3);
    expect(count.byStatus).toMatchObject({ normal: 1, fault: 1, offline: 1, warning: 0 });
  });

  it("sums today's energy of a plant's inverters to the overview's figure for the plant-local day", async () => {
    const a = await installerWithPlant('Pacific/Kiritimati');
    const today = localDate('Pacific/Kiritimati');
    const yesterday = localDate('UTC', new Date(Date.now() - 86_400_000 * 2));
    // One inverter's rollup is current; the other's day counter is ahead of its rollup.
    const first = await a.device({ kind: 'inverter', lastValues: { pac_w: 100, e_day_kwh: 3 } });
    const second = await a.device({ kind: 'inverter', lastValues: { pac_w: 100, e_day_kwh: 7.5 } });
    await insertEnergy(t.deps, first.id, [
      { day: today, energyKwh: 4.25 },
      { day: yesterday, energyKwh: 20 },
    ]);
    await insertEnergy(t.deps, second.id, [{ day: today, energyKwh: 6 }]);
    const list = await get(api.listInverters, { query: { plantId: a.plant.id }, token: a.token });
    const byId = new Map(list.infos.map((i) => [i.sn, i.todayKwh]));
    expect(byId.get(first.sn)).toBe(4.25);
    expect(byId.get(second.sn)).toBe(7.5);
    const overview = await get(api.plantRealtime, {
      params: { id: a.plant.id },
      token: a.adminToken,
    });
    expect(overview.localDate).toBe(today);
    expect(list.infos.reduce((sum, i) => sum + i.todayKwh, 0)).toBeCloseTo(overview.todayKwh, 9);
    const detail = await get(api.inverterDetail, { params: { sn: second.sn }, token: a.token });
    expect(detail.todayKwh).toBe(7.5);
    expect(detail.today).toBe(today);
  });
});

describe('alias, delete, detail and realtime', () => {
  it('renames, clears the alias, and deletes the inverter with its history', async () => {
    const a = await installerWithPlant();
    const inverter = await a.device({ kind: 'inverter' });
    const params = { sn: inverter.sn };
    await get(api.inverterAlias, { params, body: { alias: 'Garage' }, token: a.token });
    expect((await get(api.inverterDetail, { params, token: a.token })).alias).toBe('Garage');
    await get(api.inverterAlias, { params, body: { alias: '' }, token: a.token });
    expect((await get(api.inverterDetail, { params, token: a.token })).alias).toBeNull();
    const tooLong = await callEndpointLoosely(t.app, api.inverterAlias, {
      params,
      body: { alias: 'x'.repeat(33) },
      token: a.token,
    });
    expect(tooLong.code).toBe(ErrorCode.validation);

    await insertSamples(
      t.deps,
      inverter.id,
      hourly('2026-06-01T08:30:00Z', 3, () => ({ pac_w: 10 })),
    );
    await insertEnergy(t.deps, inverter.id, [{ day: '2026-06-01', energyKwh: 1 }]);
    await get(api.deleteInverter, { params, token: a.token });
    expect((await callEndpoint(t.app, api.inverterDetail, { params, token: a.token })).code).toBe(
      ErrorCode.inverterNotFound,
    );
    const samples = await t.deps.db
      .selectFrom('samples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', '=', inverter.id)
      .executeTakeFirstOrThrow();
    expect(Number(samples.n)).toBe(0);
    const energy = await t.deps.db
      .selectFrom('energy_daily')
      .selectAll()
      .where('device_id', '=', inverter.id)
      .execute();
    expect(energy).toEqual([]);
  });

  it('registers a deleted inverter again, without its history, when its datalogger reports it', async () => {
    const a = await installerWithPlant();
    const sn = `INV${Date.now()}`;
    const ingest = (ts: string) =>
      callEndpoint(t.app, api.ingestData, {
        headers: {
          'x-datalogger-sn': a.datalogger.sn,
          'x-datalogger-key': a.datalogger.registration_key,
        },
        body: { ts, devices: [{ sn, kind: 'inverter', model: '0500', values: { pac_w: 700 } }] },
      });
    expect((await ingest('2026-06-01T10:00:00Z')).code).toBe(ErrorCode.ok);
    const before = await get(api.inverterDetail, { params: { sn }, token: a.token });
    await get(api.deleteInverter, { params: { sn }, token: a.token });
    expect((await ingest('2026-06-01T10:05:00Z')).code).toBe(ErrorCode.ok);
    const after = await get(api.inverterDetail, { params: { sn }, token: a.token });
    expect(after.id).not.toBe(before.id);
    expect(after.model.name).toBe('LT-3K F2');
    const day = await get(api.inverterDayCurves, {
      params: { sn },
      query: { date: '2026-06-01' },
      token: a.token,
    });
    expect(day.series.find((s) => s.key === 'pac_w')?.points).toEqual([
      [Date.parse('2026-06-01T10:05:00Z'), 700],
    ]);
  });

  it('answers the detail with model, datalogger and plant, and realtime as the contract says', async () => {
    const a = await installerWithPlant('America/New_York');
    const values = { pac_w: 2100, e_day_kwh: 5.5, pv: [{ v: 380, i: 3 }], status: 'normal' };
    const seenAt = new Date('2026-06-01T12:00:00Z');
    const inverter = await a.device({
      kind: 'inverter',
      modelCode: '3303',
      lastValues: values,
      lastSeenAt: seenAt,
    });
    const detail = await get(api.inverterDetail, { params: { sn: inverter.sn }, token: a.token });
    expect(detail).toMatchObject({
      sn: inverter.sn,
      model: { code: '3303', name: 'LHT-HV-5K F2', phases: 3, settingsFamily: 'dy-store-three' },
      datalogger: { sn: a.datalogger.sn },
      plant: { id: a.plant.id, name: a.plant.name, timeZone: 'America/New_York' },
      timeZone: 'America/New_York',
      lastValues: values,
      canManage: true,
    });
    const realtime = await callEndpoint(t.app, api.equipmentRealtime, {
      params: { sn: inverter.sn },
      token: a.token,
    });
    expect(realtime.code).toBe(ErrorCode.ok);
    expect(realtime.data).toEqual({
      sn: inverter.sn,
      kind: 'inverter',
      status: 'normal',
      ts: seenAt.toISOString(),
      values,
    });
    const meter = await a.device({ kind: 'meter', lastValues: { p_grid_w: -300 } });
    const meterNow = await get(api.equipmentRealtime, { params: { sn: meter.sn }, token: a.token });
    expect(meterNow).toMatchObject({ kind: 'meter', values: { p_grid_w: -300 } });
    // The inverter endpoints know inverters only.
    const asInverter = await callEndpoint(t.app, api.inverterDetail, {
      params: { sn: meter.sn },
      token: a.token,
    });
    expect(asInverter.code).toBe(ErrorCode.inverterNotFound);
  });
});

describe('day curves across clock changes (Europe/Berlin)', () => {
  async function berlinInverterWithMeter() {
    const a = await installerWithPlant('Europe/Berlin');
    const inverter = await a.device({ kind: 'inverter', modelCode: '0500' });
    const meter = await a.device({ kind: 'meter' });
    const battery = await a.device({ kind: 'battery' });
    return { ...a, inverter, meter, battery };
  }

  function dayCurves(a: { inverter: { sn: string }; token: string }, date: string) {
    return get(api.inverterDayCurves, {
      params: { sn: a.inverter.sn },
      query: { date },
      token: a.token,
    });
  }

  it('has 23 hours on the last Sunday of March, from the raw samples', async () => {
    const a = await berlinInverterWithMeter();
    // 22:30 UTC on the 28th is 23:30 local, the day before; 21:30 UTC on the 29th is 23:30 CEST.
    await insertSamples(
      t.deps,
      a.inverter.id,
      hourly('2026-03-28T21:30:00Z', 26, (hour) => ({
        pac_w: hour * 100,
        e_day_kwh: hour / 10,
        pv: [
          { v: 300, i: 2 },
          { v: 310, i: 1.5 },
        ],
        ac: [{ v: 230, i: 4 }],
        freq_hz: 50,
        pf: 0.99,
      })),
    );
    await insertSamples(
      t.deps,
      a.meter.id,
      hourly('2026-03-28T23:30:00Z', 2, () => ({ p_grid_w: -500, p_load_w: 700 })),
    );
    await insertSamples(
      t.deps,
      a.battery.id,
      hourly('2026-03-28T23:30:00Z', 1, () => ({ p_bat_w: 200, soc_pct: 55 })),
    );
    const day = await dayCurves(a, '2026-03-29');
    expect(day.from).toBe('2026-03-28T23:00:00.000Z');
    expect(day.to).toBe('2026-03-29T22:00:00.000Z');
    const series = new Map(day.series.map((s) => [s.key, s]));
    const power = series.get('pac_w')!;
    expect(power.points).toHaveLength(23);
    expect(power.points[0]).toEqual([Date.parse('2026-03-28T23:30:00Z'), 200]);
    expect(power.group).toBe('generation');
    expect(series.get('pv1_p')?.points[0]?.[1]).toBe(600);
    expect(series.get('pv2_p')).toMatchObject({ group: 'input', unit: 'W' });
    expect(series.get('ac1_v')).toMatchObject({ group: 'output', unit: 'V' });
    expect(series.get('freq_hz')).toMatchObject({ group: 'grid', unit: 'Hz' });
    expect(series.get('meter_p_grid_w')?.points).toHaveLength(2);
    expect(series.get('load_p_load_w')?.points[0]?.[1]).toBe(700);
    expect(series.get('battery_soc_pct')).toMatchObject({ group: 'battery', unit: '%' });
    expect(series.has('eps_p_w')).toBe(false);
    // The groups come in the spec's order: input, output, grid, generation, meter, battery, load.
    const groups = [...new Set(day.series.map((s) => s.group))];
    expect(groups).toEqual(['input', 'output', 'grid', 'generation', 'meter', 'battery', 'load']);
  });

  it('has 25 hours on the last Sunday of October, and the CSV tells the repeated hour apart', async () => {
    const a = await berlinInverterWithMeter();
    await insertSamples(
      t.deps,
      a.inverter.id,
      hourly('2026-10-24T21:30:00Z', 27, (hour) => ({ pac_w: hour, pv: [{ v: 100, i: 1 }] })),
    );
    const day = await dayCurves(a, '2026-10-25');
    expect(day.from).toBe('2026-10-24T22:00:00.000Z');
    expect(day.to).toBe('2026-10-25T23:00:00.000Z');
    expect(day.series.find((s) => s.key === 'pac_w')?.points).toHaveLength(25);

    const csv = await t.app.inject({
      method: 'GET',
      url: fillPath(api.inverterDayCsv.path, { sn: a.inverter.sn }),
      query: { date: '2026-10-25', lan: 'de' },
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`${a.inverter.sn}_2026-10-25.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Zeit,PV1-Spannung (V),PV1-Strom (A),PV1-Leistung (W),AC-Leistung (W)');
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe('2026-10-25 00:30:00 +02:00,100,1,100,1');
    expect(lines[3]).toBe('2026-10-25 02:30:00 +02:00,100,1,100,3');
    expect(lines[4]).toBe('2026-10-25 02:30:00 +01:00,100,1,100,4');
    expect(lines[25]).toBe('2026-10-25 23:30:00 +01:00,100,1,100,25');

    // Accept-Language picks the header language when no `lan` is given.
    const french = await t.app.inject({
      method: 'GET',
      url: fillPath(api.inverterDayCsv.path, { sn: a.inverter.sn }),
      query: { date: '2026-10-25' },
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(french.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'Heure,Tension PV1 (V),Courant PV1 (A),Puissance PV1 (W),Puissance CA (W)',
    );
  });
});

describe('custom-parameter chart', () => {
  it('lists the parameters of the inverter and its plant with units', async () => {
    const a = await installerWithPlant();
    const inverter = await a.device({ kind: 'inverter', modelCode: '0200' });
    await a.device({ kind: 'meter' });
    const answer = await get(api.chartParameters, { query: { sn: inverter.sn }, token: a.token });
    expect(answer.maxParameters).toBe(6);
    expect(answer.maxUnits).toBe(2);
    const keys = answer.parameters.map((p) => p.key);
    // LS-2.5K F2: one MPPT string, one phase; the plant has a meter but no battery.
    expect(keys).toContain('pv1_v');
    expect(keys).not.toContain('pv2_v');
    expect(keys).toContain('ac1_i');
    expect(keys).not.toContain('ac2_i');
    expect(keys).toContain('meter_p_grid_w');
    expect(keys).not.toContain('battery_soc_pct');
    expect(answer.parameters.find((p) => p.key === 'freq_hz')).toEqual({
      key: 'freq_hz',
      group: 'grid',
      unit: 'Hz',
    });
  });

  it('answers up to 6 parameters of at most 2 units and refuses more with code 4', async () => {
    const a = await installerWithPlant();
    const inverter = await a.device({ kind: 'inverter' });
    await insertSamples(
      t.deps,
      inverter.id,
      hourly('2026-05-10T08:30:00Z', 2, () => ({
        pac_w: 900,
        pv: [{ v: 300, i: 3 }],
        freq_hz: 50,
      })),
    );
    const params = { sn: inverter.sn };
    const ok = await get(api.chartParameterDay, {
      params,
      query: { date: '2026-05-10', params: 'pac_w,pv1_v,pv1_p' },
      token: a.token,
    });
    expect(ok.series.map((s) => s.key)).toEqual(['pv1_v', 'pv1_p', 'pac_w']);
    expect(ok.series[0]!.points).toHaveLength(2);
    const refusals = await Promise.all(
      [
        'pac_w,pv1_v,pv1_p,pv2_v,pv2_p,ac1_v,ac1_p',
        'pac_w,pv1_v,pv1_i',
        'pac_w,pac_w',
        'pac_w,nonsense',
        '',
      ].map((list) =>
        callEndpointLoosely(t.app, api.chartParameterDay, {
          params,
          query: { date: '2026-05-10', params: list },
          token: a.token,
        }),
      ),
    );
    expect(refusals.map((r) => r.code)).toEqual(Array(5).fill(ErrorCode.validation));
  });
});
