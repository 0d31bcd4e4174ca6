import { randomUUID } from 'node:crypto';
import { type Endpoint, ErrorCode, SETTINGS_ENDPOINTS } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData, type EndpointCall } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { connectLiveDevices, type LiveDevices, until } from '../test/live-devices.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Family settings on the real app, database, broker and the simulator's datalogger: a meter's
 * stored settings with the one-master-per-plant rule, a battery's work mode written through the
 * command channel and read back.
 */
const externalBroker = process.env.MQTT_URL;
let t: TestApp;
let devices: LiveDevices;

const INSTALLER = ['station.view', 'equip.view', 'equip.setting', 'battery.list.view'];
const meter = SETTINGS_ENDPOINTS.meter!;
const battery = SETTINGS_ENDPOINTS.battery!;

const get = <E extends Endpoint>(endpoint: E, input: EndpointCall<E>) =>
  endpointData(t.app, endpoint, input);

beforeAll(async () => {
  t = await buildTestApp(externalBroker ? { MQTT_URL: externalBroker } : {});
  devices = await connectLiveDevices(t, 'families');
}, 60_000);

async function plantWithMeters(count: number) {
  const company = await buildCompanyWithStaff(t.deps, INSTALLER);
  const plant = await buildPlant(t.deps, company.admin.id, { company_id: company.company.id });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  const meters = [];
  for (let i = 0; i < count; i++) {
    meters.push(await buildDevice(t.deps, datalogger.id, { kind: 'meter' }));
  }
  return { token: company.staffToken, meters, company };
}

describe('meter settings', () => {
  it('answers defaults, stores ratios, offsets, prices and discount, and checks ranges', async () => {
    const { token, meters } = await plantWithMeters(1);
    const params = { sn: meters[0]!.sn };
    expect((await get(meter.read, { token, params })).values).toMatchObject({
      master: false,
      ct_ratio: 1,
      discount_factor: 1,
    });
    const values = {
      ct_ratio: 40,
      pt_ratio: 1.5,
      buy_offset_kwh: 12.5,
      sell_offset_kwh: -3,
      price_tip: 0.42,
      price_peak: 0.35,
      price_flat: 0.28,
      price_valley: 0.12,
      discount_factor: 0.9,
    };
    const saved = await get(meter.write, { token, params, body: { values } });
    expect(saved).toEqual({ values: { master: false, ...values }, command: null });
    const invalid = await callEndpoint(t.app, meter.write, {
      token,
      params,
      body: { values: { discount_factor: 2 } },
    });
    expect(invalid.code).toBe(ErrorCode.validation);
    const unknown = await callEndpoint(t.app, meter.write, {
      token,
      params,
      body: { values: { ct_ratio: 2, voltage: 3 } as never },
    });
    expect(unknown.code).toBe(ErrorCode.validation);
  });

  it('refuses a second master in one plant (620), also when both are marked at once', async () => {
    const { token, meters } = await plantWithMeters(3);
    const mark = (sn: string) =>
      callEndpoint(t.app, meter.write, {
        token,
        params: { sn },
        body: { values: { master: true } },
      });
    const answers = await Promise.all([mark(meters[0]!.sn), mark(meters[1]!.sn)]);
    expect(answers.map((a) => a.code).sort()).toEqual([ErrorCode.ok, ErrorCode.meterMasterExists]);
    expect((await mark(meters[2]!.sn)).code).toBe(ErrorCode.meterMasterExists);
    const master = answers[0]!.code === ErrorCode.ok ? meters[0]! : meters[1]!;
    expect((await mark(master.sn)).code).toBe(ErrorCode.ok);
    const unmark = await callEndpoint(t.app, meter.write, {
      token,
      params: { sn: master.sn },
      body: { values: { master: false } },
    });
    expect(unmark.code).toBe(ErrorCode.ok);
    expect((await mark(meters[2]!.sn)).code).toBe(ErrorCode.ok);
    const masters = await t.deps.db
      .selectFrom('meter_settings')
      .select('device_id')
      .where('master', '=', true)
      .where(
        'device_id',
        'in',
        meters.map((m) => m.id),
      )
      .execute();
    expect(masters).toEqual([{ device_id: meters[2]!.id }]);
  });

  it('lets read-only staff read but not write (code 2), and another tenant nothing (606)', async () => {
    const { meters, company } = await plantWithMeters(1);
    const params = { sn: meters[0]!.sn };
    const reader = await buildCompanyWithStaff(t.deps, ['station.view', 'equip.view']);
    const refused = await callEndpoint(t.app, meter.write, {
      token: reader.staffToken,
      params,
      body: { values: { ct_ratio: 2 } },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps, INSTALLER);
    const hidden = await callEndpoint(t.app, meter.read, { token: other.staffToken, params });
    expect(hidden.code).toBe(ErrorCode.deviceNotFound);
    expect(company.staffToken).toBeTruthy();
  });
});

describe('battery work mode through the command channel', () => {
  it('writes the time-of-use windows and reserve, answers the read-back, reads them again', async () => {
    const company = await buildCompanyWithStaff(t.deps, INSTALLER);
    const plant = await buildPlant(t.deps, company.admin.id, { company_id: company.company.id });
    const sn = `FAM${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    await buildDatalogger(t.deps, { plantId: plant.id, sn, key });
    const batterySn = `${sn}-BAT`;
    await devices.simulate([
      {
        name: 'Battery plant',
        latitude: 48.1,
        longitude: 11.6,
        timeZone: 'UTC',
        seed: 3,
        datalogger: { sn, key },
        inverters: [{ sn: `${sn}-INV`, dcKwp: 8, ratedAcKw: 6, strings: 2 }],
        battery: { sn: batterySn, capacityKwh: 10, maxPowerKw: 5 },
        loadScale: 1,
      },
    ]);
    await until(async () => {
      const row = await t.deps.db
        .selectFrom('devices')
        .select('status')
        .where('sn', '=', batterySn)
        .executeTakeFirst();
      return row?.status === 'normal';
    });
    const token = company.staffToken;
    const params = { sn: batterySn };
    const factory = await get(battery.read, { token, params });
    expect(factory.values).toMatchObject({ work_mode: 'self_consumption' });
    const values = {
      work_mode: 'time_of_use',
      backup_reserve_pct: 30,
      charge_start: '00:30',
      charge_end: '05:00',
    };
    const written = await get(battery.write, { token, params, body: { values } });
    expect(written.values).toEqual(values);
    expect(written.command).toMatchObject({ name: 'settings.write', state: 'done' });
    const again = await get(battery.read, { token, params });
    expect(again.values).toMatchObject(values);
    const badTime = await callEndpoint(t.app, battery.write, {
      token,
      params,
      body: { values: { charge_start: '25:00' } },
    });
    expect(badTime.code).toBe(ErrorCode.validation);
  }, 60_000);
});

describe('heat pump and storage system commands through the simulated datalogger', () => {
  const heatPump = SETTINGS_ENDPOINTS.heat_pump!;
  const ess = SETTINGS_ENDPOINTS.ess!;
  const sn = `HPE${randomUUID().slice(0, 8)}`;
  const pumpSn = `${sn}-HP`;
  const essSn = `${sn}-ESS`;
  let token: string;
  let dataloggerId: number;

  const valuesOf = async (serial: string): Promise<Record<string, unknown>> => {
    const row = await t.deps.db
      .selectFrom('devices')
      .select(['status', 'last_values'])
      .where('sn', '=', serial)
      .executeTakeFirst();
    const values = (row?.last_values ?? {}) as Record<string, unknown>;
    return { ...values, status: row?.status };
  };
  const commandsTo = (serial: string) =>
    t.deps.db
      .selectFrom('device_commands')
      .select(['name', 'state'])
      .where('target_sn', '=', serial)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    const company = await buildCompanyWithStaff(t.deps, [
      'station.view',
      'equip.view',
      'equip.setting',
    ]);
    token = company.staffToken;
    const plant = await buildPlant(t.deps, company.admin.id, { company_id: company.company.id });
    const key = randomUUID();
    dataloggerId = (await buildDatalogger(t.deps, { plantId: plant.id, sn, key })).id;
    await devices.simulate([
      {
        name: 'Heat plant',
        latitude: 48.1,
        longitude: 11.6,
        timeZone: 'UTC',
        seed: 5,
        datalogger: { sn, key },
        inverters: [{ sn: `${sn}-INV`, dcKwp: 8, ratedAcKw: 6, strings: 2 }],
        heatPumps: [{ sn: pumpSn, ratedKw: 6 }],
        storageSystems: [{ sn: essSn, capacityKwh: 20, maxPowerKw: 10 }],
        loadScale: 1,
      },
    ]);
    await until(async () => (await valuesOf(pumpSn)).status === 'normal');
    await until(async () => (await valuesOf(essSn)).status === 'normal');
  }, 60_000);

  it('switches a heat pump off and to hot water; success only once the device confirmed', async () => {
    const params = { sn: pumpSn };
    expect((await get(heatPump.read, { token, params })).values).toEqual({
      state: 'on',
      mode: 'heating',
    });
    const off = await get(heatPump.write, { token, params, body: { values: { state: 'off' } } });
    expect(off.values).toEqual({ state: 'off' });
    expect(off.command).toMatchObject({ name: 'settings.write', state: 'done' });
    expect((await commandsTo(pumpSn)).at(-1)).toEqual({ name: 'settings.write', state: 'done' });
    await until(async () => (await valuesOf(pumpSn)).state === 'off');
    expect((await valuesOf(pumpSn)).p_w).toBe(0);
    const values = { state: 'on', mode: 'hot_water' };
    expect((await get(heatPump.write, { token, params, body: { values } })).values).toEqual(values);
    expect((await get(heatPump.read, { token, params })).values).toEqual(values);
    await until(async () => (await valuesOf(pumpSn)).mode === 'hot_water');
  }, 60_000);

  it('sets a storage system to backup mode and reads it back from the device', async () => {
    const params = { sn: essSn };
    const written = await get(ess.write, { token, params, body: { values: { mode: 'backup' } } });
    expect(written.values).toEqual({ mode: 'backup' });
    expect(written.command).toMatchObject({ name: 'settings.write', state: 'done' });
    expect((await get(ess.read, { token, params })).values).toEqual({
      state: 'on',
      mode: 'backup',
    });
    await until(async () => (await valuesOf(essSn)).mode === 'backup');
    const bad = await callEndpoint(t.app, ess.write, {
      token,
      params,
      body: { values: { mode: 'turbo' } },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  }, 60_000);

  it('answers 604 when the device refuses, never 0', async () => {
    // Known to the portal but not to the datalogger, which refuses settings it does not hold.
    const stranger = await buildDevice(t.deps, dataloggerId, { kind: 'heat_pump' });
    const res = await callEndpoint(t.app, heatPump.write, {
      token,
      params: { sn: stranger.sn },
      body: { values: { state: 'off' } },
    });
    expect(res.code).toBe(ErrorCode.commandFailed);
    expect(await commandsTo(stranger.sn)).toEqual([{ name: 'settings.write', state: 'failed' }]);
  }, 60_000);

  it('refuses an offline heat pump and storage system with 602 and sends nothing', async () => {
    const offline = { status: 'offline' as const };
    const pump = await buildDevice(t.deps, dataloggerId, { kind: 'heat_pump', ...offline });
    const system = await buildDevice(t.deps, dataloggerId, { kind: 'ess', ...offline });
    const answers = await Promise.all([
      callEndpoint(t.app, heatPump.write, {
        token,
        params: { sn: pump.sn },
        body: { values: { state: 'on' } },
      }),
      callEndpoint(t.app, ess.read, { token, params: { sn: system.sn } }),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([
      ErrorCode.deviceOffline,
      ErrorCode.deviceOffline,
    ]);
    expect(await commandsTo(pump.sn)).toEqual([]);
    expect(await commandsTo(system.sn)).toEqual([]);
  });
});
