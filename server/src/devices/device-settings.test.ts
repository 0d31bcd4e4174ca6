import { randomUUID } from 'node:crypto';
import { type Endpoint, ErrorCode, SETTINGS_ENDPOINTS } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatalogger, buildDevice, buildPlant } from '../plants/plants.factories.js';
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
