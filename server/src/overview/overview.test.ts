import {
  CO2_KG_PER_KWH,
  CO2_KG_PER_TREE_YEAR,
  type Endpoint,
  ErrorCode,
  localDate,
  STANDARD_COAL_KG_PER_KWH,
} from '@solar/contract';
import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeMeterSettings } from '../devices/meter-settings.js';
import {
  buildDevice,
  buildEvent,
  buildEventDescriptor,
  buildPlant,
  buildPlantWithDevices,
  insertEnergy,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely, endpointReader } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { addDays } from '../plants/plant-calendar.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const owner = () => buildSignedInOwner(t.deps);

const get = endpointReader(() => t.app);

describe('overview access', () => {
  it('answers 401, 2 without station.view, 4 on bad input, 700 to other tenants; visitors read', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const params = { id: plant.id };
    expect((await callEndpoint(t.app, api.plantRealtime, { params })).status).toBe(401);
    const noView = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const denied = await callEndpoint(t.app, api.plantRealtime, {
      params,
      token: noView.staffToken,
    });
    expect(denied.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps, ['station.view']);
    const foreignCalls = [
      callEndpoint(t.app, api.plantRealtime, { params, token: other.staffToken }),
      callEndpoint(t.app, api.plantPowerCurve, {
        params,
        query: { date: '2026-01-01' },
        token: other.staffToken,
      }),
      callEndpoint(t.app, api.plantEnergyByYear, { params, token: other.staffToken }),
      callEndpoint(t.app, api.plantIncomeTotal, { params, token: other.staffToken }),
      callEndpoint(t.app, api.plantEvents, { params, token: other.staffToken }),
      callEndpoint(t.app, api.plantEnergyFlow, { params, token: other.staffToken }),
    ];
    const foreignCodes = (await Promise.all(foreignCalls)).map((res) => res.code);
    expect(foreignCodes).toEqual(foreignCalls.map(() => ErrorCode.plantNotFound));
    const report = await callEndpoint(t.app, api.plantReport, {
      query: { plantId: plant.id, granularity: 'day', from: '2026-01-01', to: '2026-01-02' },
      token: other.adminToken,
    });
    expect(report.code).toBe(ErrorCode.plantNotFound);
    const badQueries: [Endpoint, Record<string, string>?][] = [
      [api.plantPowerCurve, { date: '2026-13-01' }],
      [api.plantPowerCurve, { date: '2026-02-30' }],
      [api.plantPowerCurve],
      [api.plantEnergyByMonth, { year: '0000' }],
      [api.plantIncomeByDay, { month: '2026-00' }],
      [api.plantEnergyByDay, { month: '2026-1' }],
      [api.plantEnergyByMonth, { year: '26' }],
      [api.plantGenerationUse, { range: 'week' }],
    ];
    const badCalls = badQueries.map(([endpoint, query]) =>
      callEndpointLoosely(t.app, endpoint, { params, query, token }),
    );
    const badCodes = (await Promise.all(badCalls)).map((res) => res.code);
    expect(badCodes).toEqual(badCalls.map(() => ErrorCode.validation));
    const visitor = await owner();
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: visitor.user.id, role: 'visitor' })
      .execute();
    const visible = await callEndpoint(t.app, api.plantRealtime, { params, token: visitor.token });
    expect(visible.code).toBe(0);
  });
});

describe('realtime in two time zones', () => {
  it('counts today, month, year and total in each plant-local calendar', async () => {
    const { user, token } = await owner();
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { plant, devices } = await buildPlantWithDevices(
        t.deps,
        user.id,
        [{ kind: 'inverter', status: 'normal', lastValues: { pac_w: 2500, e_day_kwh: 7 } }],
        { time_zone: timeZone, generation_offset_kwh: 100.5, capacity_kwp: 8 },
      );
      const inverter = devices[0]!;
      const today = localDate(timeZone);
      const yesterday = addDays(today, -1);
      await insertEnergy(t.deps, inverter.id, [
        { day: today, energyKwh: 5 },
        { day: yesterday, energyKwh: 11 },
        { day: '2020-06-15', energyKwh: 40 },
      ]);
      const data = await get(api.plantRealtime, { params: { id: plant.id }, token });
      const sameMonth = yesterday.slice(0, 7) === today.slice(0, 7);
      const sameYear = yesterday.slice(0, 4) === today.slice(0, 4);
      expect(data).toMatchObject({
        powerW: 2500,
        todayKwh: 7,
        monthKwh: 7 + (sameMonth ? 11 : 0),
        yearKwh: 7 + (sameYear ? 11 : 0),
        totalKwh: 7 + 11 + 40 + 100.5,
        capacityKwp: 8,
        status: 'normal',
        localDate: today,
        timeZone,
      });
      const total = await get(api.plantEnergyTotal, { params: { id: plant.id }, token });
      expect(total.energyKwh).toBe(158.5);
      const environmental = await get(api.plantEnvironmental, { params: { id: plant.id }, token });
      expect(environmental.co2Kg).toBeCloseTo(158.5 * CO2_KG_PER_KWH);
      expect(environmental.standardCoalKg).toBeCloseTo(158.5 * STANDARD_COAL_KG_PER_KWH);
      expect(environmental.trees).toBeCloseTo((158.5 * CO2_KG_PER_KWH) / CO2_KG_PER_TREE_YEAR);
    }
  });
});

describe('power curve and daily energy on DST days', () => {
  it('has 276 points on the 23-hour day and 300 on the 25-hour day', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }, { kind: 'meter' }, { kind: 'battery' }],
      { time_zone: 'Europe/Berlin' },
    );
    const [inverter, meter, battery] = devices;
    await insertPower(t.deps, inverter!.id, [
      { bucket: new Date('2026-03-28T23:00:00Z'), powerW: 100 },
      { bucket: new Date('2026-03-29T10:00:00Z'), powerW: 4000 },
      { bucket: new Date('2026-03-29T21:55:00Z'), powerW: 50 },
      { bucket: new Date('2026-03-29T22:00:00Z'), powerW: 999 },
    ]);
    await insertPower(t.deps, meter!.id, [
      { bucket: new Date('2026-03-29T10:00:00Z'), powerW: -1500 },
    ]);
    await insertPower(t.deps, battery!.id, [
      { bucket: new Date('2026-03-29T10:00:00Z'), powerW: -500 },
    ]);

    const spring = await get(api.plantPowerCurve, {
      params: { id: plant.id },
      query: { date: '2026-03-29' },
      token,
    });
    expect(spring.points).toHaveLength(276);
    expect(spring.points[0]).toMatchObject({
      time: '2026-03-28T23:00:00.000Z',
      localTime: '00:00',
      pvW: 100,
    });
    expect(spring.points.at(-1)).toMatchObject({ localTime: '23:55', pvW: 50 });
    expect(spring.points.some((p) => p.localTime === '02:30')).toBe(false);
    expect(spring.points.find((p) => p.localTime === '12:00')).toMatchObject({
      pvW: 4000,
      gridW: -1500,
      batteryW: -500,
      loadW: 2000,
    });
    expect(spring.points.find((p) => p.localTime === '13:00')).toMatchObject({
      pvW: null,
      loadW: null,
    });

    const autumn = await get(api.plantPowerCurve, {
      params: { id: plant.id },
      query: { date: '2026-10-25' },
      token,
    });
    expect(autumn.points).toHaveLength(300);
    expect(autumn.points.filter((p) => p.localTime === '02:30')).toHaveLength(2);
    const normal = await get(api.plantPowerCurve, {
      params: { id: plant.id },
      query: { date: '2026-03-30' },
      token,
    });
    expect(normal.points).toHaveLength(288);

    await insertEnergy(t.deps, inverter!.id, [
      { day: '2026-03-28', energyKwh: 10 },
      { day: '2026-03-29', energyKwh: 9.5 },
      { day: '2026-03-30', energyKwh: 12 },
    ]);
    const march = await get(api.plantEnergyByDay, {
      params: { id: plant.id },
      query: { month: '2026-03' },
      token,
    });
    expect(march.points).toHaveLength(31);
    expect(march.points.find((p) => p.period === '2026-03-29')?.energyKwh).toBe(9.5);
    const year = await get(api.plantEnergyByMonth, {
      params: { id: plant.id },
      query: { year: '2026' },
      token,
    });
    expect(year.points).toHaveLength(12);
    expect(year.points[2]).toEqual({ period: '2026-03', energyKwh: 31.5 });
    const years = await get(api.plantEnergyByYear, { params: { id: plant.id }, token });
    expect(years.points.find((p) => p.period === '2026')?.energyKwh).toBeGreaterThanOrEqual(31.5);
  });
});

describe('incomes by valuation method', () => {
  it('multiplies by the constant price', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }],
      {
        valuation_method: 'constant',
        constant_price: 0.2,
        currency: 'USD',
      },
    );
    await insertEnergy(t.deps, devices[0]!.id, [
      { day: '2025-06-01', energyKwh: 10 },
      { day: '2025-06-02', energyKwh: 20 },
    ]);
    const june = await get(api.plantIncomeByDay, {
      params: { id: plant.id },
      query: { month: '2025-06' },
      token,
    });
    expect(june.currency).toBe('USD');
    expect(june.points).toHaveLength(30);
    expect(june.points[0]).toEqual({ period: '2025-06-01', energyKwh: 10, income: 2 });
    expect(june.points[1]?.income).toBe(4);
    const total = await get(api.plantIncomeTotal, { params: { id: plant.id }, token });
    expect(total.income).toBe(6);
  });

  it('prices each 5-minute bucket by the time-of-use segment of plant-local time', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }],
      {
        time_zone: 'Asia/Tokyo',
        valuation_method: 'time_of_use',
        tou_segments: JSON.stringify([
          { start: '00:00', end: '12:00', price: 0.1 },
          { start: '12:00', end: '24:00', price: 0.3 },
        ]),
      },
    );
    await insertPower(t.deps, devices[0]!.id, [
      { bucket: new Date('2025-06-01T01:00:00Z'), powerW: 12000 },
      { bucket: new Date('2025-06-01T04:00:00Z'), powerW: 24000 },
      { bucket: new Date('2025-06-01T15:30:00Z'), powerW: 12000 },
    ]);
    const june = await get(api.plantIncomeByDay, {
      params: { id: plant.id },
      query: { month: '2025-06' },
      token,
    });
    expect(june.points[0]?.income).toBeCloseTo(0.7);
    expect(june.points[1]?.income).toBeCloseTo(0.1);
    const year = await get(api.plantIncomeByMonth, {
      params: { id: plant.id },
      query: { year: '2025' },
      token,
    });
    expect(year.points[5]?.income).toBeCloseTo(0.8);
  });

  it('prices segments naming a tariff tier by the master meter, times its discount', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }, { kind: 'meter' }, { kind: 'meter' }],
      {
        time_zone: 'Asia/Tokyo',
        valuation_method: 'time_of_use',
        tou_segments: JSON.stringify([
          { start: '00:00', end: '12:00', price: 0.1, tier: 'valley' },
          { start: '12:00', end: '24:00', price: 0.3, tier: 'peak' },
        ]),
      },
    );
    const [inverter, master, subMeter] = devices;
    await insertPower(t.deps, inverter!.id, [
      { bucket: new Date('2025-06-01T01:00:00Z'), powerW: 12000 },
      { bucket: new Date('2025-06-01T04:00:00Z'), powerW: 24000 },
      { bucket: new Date('2025-06-01T15:30:00Z'), powerW: 12000 },
    ]);
    const prices = { price_valley: 0.2, price_peak: 0.5, discount_factor: 0.8 };
    const meters = { id: subMeter!.id, plantId: plant.id };
    await writeMeterSettings(t.deps.db, meters, { ...prices, price_peak: 9 });
    const incomes = async () =>
      (
        await get(api.plantIncomeByDay, {
          params: { id: plant.id },
          query: { month: '2025-06' },
          token,
        })
      ).points
        .slice(0, 2)
        .map((point) => point.income);
    // No master meter: the segments' own prices (1 kWh × 0.1 + 2 kWh × 0.3; 1 kWh × 0.1).
    expect(await incomes()).toEqual([0.7, 0.1]);
    await writeMeterSettings(
      t.deps.db,
      { id: master!.id, plantId: plant.id },
      { ...prices, master: true },
    );
    // 1 kWh × 0.2 × 0.8 + 2 kWh × 0.5 × 0.8; the next local day 1 kWh × 0.2 × 0.8.
    expect(await incomes()).toEqual([0.96, 0.16]);
    const year = await get(api.plantIncomeByMonth, {
      params: { id: plant.id },
      query: { year: '2025' },
      token,
    });
    expect(year.points[5]?.income).toBe(1.12);
  });

  it('prices generation by lifetime tiers, starting from the offset', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }],
      {
        valuation_method: 'generation',
        generation_offset_kwh: 50,
        generation_tiers: JSON.stringify([
          { fromKwh: 0, price: 0.5 },
          { fromKwh: 100, price: 0.2 },
        ]),
      },
    );
    await insertEnergy(t.deps, devices[0]!.id, [
      { day: '2025-06-01', energyKwh: 30 },
      { day: '2025-06-02', energyKwh: 40 },
    ]);
    const june = await get(api.plantIncomeByDay, {
      params: { id: plant.id },
      query: { month: '2025-06' },
      token,
    });
    expect(june.points[0]?.income).toBe(15);
    expect(june.points[1]?.income).toBe(14);
    const years = await get(api.plantIncomeByYear, { params: { id: plant.id }, token });
    expect(years.points.find((p) => p.period === '2025')?.income).toBe(29);
  });
});

describe('counts, events, flow, generation use and report', () => {
  it('counts inverters and events and lists events with descriptor texts', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [
        { kind: 'inverter', status: 'normal' },
        { kind: 'inverter', status: 'offline' },
        { kind: 'inverter', status: 'fault' },
      ],
      { time_zone: 'America/New_York' },
    );
    const inverter = devices[0]!;
    await buildEventDescriptor(t.deps, '7701', {
      en: { text: 'Grid overvoltage', suggestion: 'Check the grid' },
      de: { text: 'Netzüberspannung', suggestion: 'Netz prüfen' },
    });
    await buildEvent(t.deps, inverter.id, {
      code: '7701',
      level: 2,
      startedAt: new Date(Date.now() - 10 * 60_000),
    });
    await buildEvent(t.deps, inverter.id, {
      code: '9999',
      level: 1,
      startedAt: new Date('2025-01-10T15:00:00Z'),
      endedAt: new Date('2025-01-10T16:00:00Z'),
    });
    await buildEvent(t.deps, devices[2]!.id, {
      code: '7701',
      level: 2,
      startedAt: new Date(Date.now() - 3 * 3600_000),
    });

    expect(await get(api.plantInverterCount, { params: { id: plant.id }, token })).toEqual({
      total: 3,
      online: 2,
      offline: 1,
      fault: 1,
    });
    expect(await get(api.plantEventCount, { params: { id: plant.id }, token })).toEqual({
      open: 2,
      abnormalLastHour: 1,
    });

    const german = await get(api.plantEvents, {
      params: { id: plant.id },
      query: { lan: 'de', status: 'open' },
      token,
    });
    expect(german.total).toBe(2);
    expect(german.infos[0]).toMatchObject({
      text: 'Netzüberspannung',
      levelLetter: 'W',
      isOpen: true,
    });
    const french = await get(api.plantEvents, {
      params: { id: plant.id },
      query: { lan: 'fr', level: '2', size: '1' },
      token,
    });
    expect(french.infos).toEqual([expect.objectContaining({ text: 'Grid overvoltage' })]);
    const byDay = await get(api.plantEvents, {
      params: { id: plant.id },
      query: { date: '2025-01-10', status: 'closed' },
      token,
    });
    expect(byDay.total).toBe(1);
    expect(byDay.infos[0]).toMatchObject({ code: '9999', text: '9999', isOpen: false });
  });

  it('draws the energy flow from the last values', async () => {
    const { user, token } = await owner();
    const { plant } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', lastValues: { pac_w: 3000 } },
      { kind: 'meter', lastValues: { p_grid_w: -1000 } },
      { kind: 'battery', lastValues: { p_bat_w: -500, soc_pct: 64 } },
    ]);
    const flow = await get(api.plantEnergyFlow, { params: { id: plant.id }, token });
    expect(flow.nodes.find((n) => n.node === 'load')).toMatchObject({
      value: 1500,
      source: 'derived',
    });
    expect(flow.nodes.find((n) => n.node === 'grid')).toMatchObject({
      value: 1000,
      source: 'meter',
    });
    expect(flow.flows).toEqual(
      expect.arrayContaining([
        { from: 'pv', to: 'inverter', powerW: 3000 },
        { from: 'inverter', to: 'battery', powerW: 500 },
        { from: 'inverter', to: 'grid', powerW: 1000 },
        { from: 'inverter', to: 'load', powerW: 1500 },
      ]),
    );
    expect(flow.batterySocPct).toBe(64);
  });

  it('draws the grid of the energy flow from the master meter alone', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', lastValues: { pac_w: 2000 } },
      { kind: 'meter', lastValues: { p_grid_w: 1500 } },
      { kind: 'meter', lastValues: { p_grid_w: -400 } },
    ]);
    const gridAndLoad = async () => {
      const flow = await get(api.plantEnergyFlow, { params: { id: plant.id }, token });
      return ['grid', 'load'].map((name) => flow.nodes.find((n) => n.node === name)?.value);
    };
    expect(await gridAndLoad()).toEqual([1100, 3100]);
    await writeMeterSettings(
      t.deps.db,
      { id: devices[1]!.id, plantId: plant.id },
      { master: true },
    );
    expect(await gridAndLoad()).toEqual([1500, 3500]);
  });

  it('splits generation into self-consumption and export, and reports per day and month', async () => {
    const { user, token } = await owner();
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }, { kind: 'meter' }],
      {
        constant_price: 0.1,
      },
    );
    const [inverter, meter] = devices;
    await insertEnergy(t.deps, inverter!.id, [
      { day: '2025-03-01', energyKwh: 20 },
      { day: '2025-03-02', energyKwh: 30 },
      { day: '2025-04-01', energyKwh: 10 },
    ]);
    await insertEnergy(t.deps, meter!.id, [
      { day: '2025-03-01', importKwh: 4, exportKwh: 5 },
      { day: '2025-03-02', importKwh: 1, exportKwh: 15 },
    ]);
    const use = await get(api.plantGenerationUse, {
      params: { id: plant.id },
      query: { range: 'month', date: '2025-03-15' },
      token,
    });
    expect(use).toEqual({
      generationKwh: 50,
      selfConsumptionKwh: 30,
      exportKwh: 20,
      importKwh: 5,
      selfConsumptionRatio: 0.6,
      hasMeter: true,
    });
    const daily = await get(api.plantReport, {
      query: { plantId: plant.id, granularity: 'day', from: '2025-03-01', to: '2025-03-03' },
      token,
    });
    expect(daily.rows).toEqual([
      { period: '2025-03-01', energyKwh: 20, income: 2, importKwh: 4, exportKwh: 5 },
      { period: '2025-03-02', energyKwh: 30, income: 3, importKwh: 1, exportKwh: 15 },
      { period: '2025-03-03', energyKwh: 0, income: 0, importKwh: 0, exportKwh: 0 },
    ]);
    const monthly = await get(api.plantReport, {
      query: { plantId: plant.id, granularity: 'month', from: '2025-03-02', to: '2025-04-30' },
      token,
    });
    expect(monthly.rows.map((r) => [r.period, r.energyKwh])).toEqual([
      ['2025-03', 30],
      ['2025-04', 10],
    ]);
    const tooLong = await callEndpoint(t.app, api.plantReport, {
      query: { plantId: plant.id, granularity: 'day', from: '2024-01-01', to: '2025-03-01' },
      token,
    });
    expect(tooLong.code).toBe(ErrorCode.validation);
    const reversed = await callEndpoint(t.app, api.plantReport, {
      query: { plantId: plant.id, granularity: 'day', from: '2025-03-02', to: '2025-03-01' },
      token,
    });
    expect(reversed.code).toBe(ErrorCode.validation);
  });

  it('answers empty data for a plant without devices', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const extra = await buildPlant(t.deps, user.id);
    expect(extra.id).not.toBe(plant.id);
    expect(await get(api.plantInverterCount, { params: { id: plant.id }, token })).toEqual({
      total: 0,
      online: 0,
      offline: 0,
      fault: 0,
    });
    expect(await get(api.plantEventCount, { params: { id: plant.id }, token })).toEqual({
      open: 0,
      abnormalLastHour: 0,
    });
    const curve = await get(api.plantPowerCurve, {
      params: { id: plant.id },
      query: { date: '2026-01-01' },
      token,
    });
    expect(curve.points).toHaveLength(288);
    const flow = await get(api.plantEnergyFlow, { params: { id: plant.id }, token });
    expect(flow.flows).toEqual([]);
    expect(buildDevice).toBeDefined();
  });
});
