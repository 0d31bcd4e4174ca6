import { createExport, exportStatus, runReport } from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile } from '../exports/export-build.js';
import {
  buildPlantWithDevices,
  insertEnergy,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { apportion } from './device-rows.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let plantId: number;
let meterOnlyId: number;

/** Berlin changes to summer time on 2026-03-29: that local day has 23 hours. */
const CHANGE_DAY = { from: '2026-03-29', to: '2026-03-29' };
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompanyWithStaff(t.deps, ['workdata.view']);
  const built = await buildPlantWithDevices(t.deps, company.admin.id, [{}, {}, { kind: 'meter' }], {
    name: 'Berlin roof',
    company_id: company.company.id,
    // 18 kWp behind a 10 and a 5 kW inverter: 12 and 6 kWp each (inverters/dc-peak.ts).
    capacity_kwp: 18,
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    valuation_method: 'constant',
    constant_price: 0.3,
  });
  plantId = built.plant.id;
  const [east, west, meter] = built.devices;
  for (const [device, alias, rated] of [
    [east!, 'East', 10],
    [west!, 'West', 5],
    [meter!, 'Grid meter', null],
  ] as const) {
    await t.deps.db
      .updateTable('devices')
      .set({ alias, rated_power_kw: rated })
      .where('id', '=', device.id)
      .execute();
  }
  await insertEnergy(t.deps, east!.id, [
    { day: '2026-03-28', energyKwh: 12.3456 },
    { day: '2026-03-29', energyKwh: 20.0004 },
    { day: '2026-03-30', energyKwh: 7.1 },
  ]);
  await insertEnergy(t.deps, west!.id, [
    { day: '2026-03-28', energyKwh: 3.3333 },
    { day: '2026-03-29', energyKwh: 5.0005 },
  ]);
  await insertEnergy(t.deps, meter!.id, [
    { day: '2026-03-28', importKwh: 1, exportKwh: 2 },
    // Half a Wh rounds away from zero: 1.2345 kWh → 1.235.
    { day: '2026-03-29', importKwh: 1.2345, exportKwh: 6.7891 },
  ]);
  // 00:30 local on the change day (CET), 12:00 and 13:00 local (CEST), and 00:30 local the
  // next day, which the change day must leave out.
  await insertPower(t.deps, east!.id, [
    { bucket: new Date('2026-03-28T23:30:00Z'), powerW: 4000 },
    { bucket: new Date('2026-03-29T10:00:00Z'), powerW: 3000 },
  ]);
  await insertPower(t.deps, west!.id, [
    { bucket: new Date('2026-03-29T10:00:00Z'), powerW: 2000 },
    { bucket: new Date('2026-03-29T11:00:00Z'), powerW: 2600 },
    { bucket: new Date('2026-03-29T22:30:00Z'), powerW: 9000 },
  ]);
  const meterOnly = await buildPlantWithDevices(t.deps, company.admin.id, [{ kind: 'meter' }], {
    name: 'Meter hall',
    company_id: company.company.id,
    time_zone: 'Europe/Berlin',
  });
  meterOnlyId = meterOnly.plant.id;
  await insertEnergy(t.deps, meterOnly.devices[0]!.id, [
    { day: '2026-03-29', importKwh: 3.5, exportKwh: 0 },
  ]);
});

const run = (grouping: 'plant' | 'device', range: typeof MARCH, plantIds = [plantId]) =>
  endpointData(t.app, runReport, {
    token: company.staffToken,
    body: { grouping, plantIds, ...range },
  });

describe('apportion', () => {
  it('splits a rounded total by weight, to the unit, adding up exactly', () => {
    expect(apportion(25.001, [20.0004, 5.0005], 1000)).toEqual([20, 5.001]);
    expect(apportion(1, [1, 1, 1], 1000)).toEqual([0.334, 0.333, 0.333]);
    expect(apportion(0.3, [0, 0], 10_000)).toEqual([0.15, 0.15]);
    expect(apportion(5, [], 1000)).toEqual([]);
  });
});

describe('report per device', () => {
  it('splits the daylight-saving day per inverter and meter, adding up to the plant', async () => {
    const [byPlant, byDevice] = await Promise.all([
      run('plant', CHANGE_DAY),
      run('device', CHANGE_DAY),
    ]);
    expect(byPlant.rows[0]).toMatchObject({ energyKwh: 25.001, income: 7.5, peakPowerKw: 5 });
    const period = '2026-03-29 – 2026-03-29';
    expect(byDevice.rows).toEqual([
      expect.objectContaining({
        deviceName: 'East',
        period,
        capacityKwp: 12,
        energyKwh: 20,
        income: 6,
        peakPowerKw: 4,
        equivalentHours: 1.67,
        co2SavedKg: 9.5,
        importKwh: null,
        exportKwh: null,
      }),
      expect.objectContaining({
        deviceName: 'West',
        energyKwh: 5.001,
        income: 1.5,
        capacityKwp: 6,
        peakPowerKw: 2.6,
        equivalentHours: 0.83,
        co2SavedKg: 2.4,
      }),
      expect.objectContaining({
        deviceName: 'Grid meter',
        energyKwh: 0,
        income: 0,
        peakPowerKw: null,
        importKwh: 1.235,
        exportKwh: 6.789,
      }),
    ]);
    expect(byDevice.totals).toEqual(byPlant.totals);
    expect(byDevice.totals).toEqual({
      energyKwh: 25.001,
      peakPowerKw: 5,
      co2SavedKg: 11.9,
      importKwh: 1.235,
      exportKwh: 6.789,
      incomes: [{ currency: 'EUR', amount: 7.5 }],
    });
  });

  it('keeps a month exact to the Wh and the plant’s money precision', async () => {
    const [byPlant, byDevice] = await Promise.all([run('plant', MARCH), run('device', MARCH)]);
    expect(byPlant.rows[0]).toMatchObject({ energyKwh: 47.78, income: 14.33 });
    expect(
      byDevice.rows.map(({ deviceName, energyKwh, income, importKwh, exportKwh }) => [
        deviceName,
        energyKwh,
        income,
        importKwh,
        exportKwh,
      ]),
    ).toEqual([
      ['East', 39.446, 11.83, null, null],
      ['West', 8.334, 2.5, null, null],
      ['Grid meter', 0, 0, 2.235, 8.789],
    ]);
    expect(byDevice.totals).toEqual(byPlant.totals);
  });

  it('gives a meter-only plant its meter row and nothing generated', async () => {
    const report = await run('device', CHANGE_DAY, [meterOnlyId]);
    expect(report.rows).toEqual([
      expect.objectContaining({ plantName: 'Meter hall', energyKwh: 0, importKwh: 3.5 }),
    ]);
    expect(report.totals).toMatchObject({ energyKwh: 0, importKwh: 3.5, peakPowerKw: null });
  });

  it('writes a device column and the plant’s totals into the XLSX file', async () => {
    const { id } = await endpointData(t.app, createExport, {
      token: company.staffToken,
      body: {
        kind: 'report',
        format: 'xlsx',
        grouping: 'device',
        plantIds: [plantId],
        columns: ['energyKwh', 'income'],
        ...CHANGE_DAY,
      },
    });
    await buildExportFile(t.deps, id, 3);
    const record = await endpointData(t.app, exportStatus, {
      token: company.staffToken,
      params: { id },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: record.fileUrl!,
      headers: { authorization: `Bearer ${company.staffToken}` },
    });
    const workbook = XLSX.read(file.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
      header: 1,
      defval: null,
    });
    const period = '2026-03-29 – 2026-03-29';
    expect(rows).toEqual([
      ['Plant', 'Device', 'Period', 'Energy (kWh)', 'Income'],
      ['Berlin roof', 'East', period, 20, 6],
      ['Berlin roof', 'West', period, 5.001, 1.5],
      ['Berlin roof', 'Grid meter', period, 0, 0],
      ['Total', null, 'EUR', 25.001, 7.5],
    ]);
  });
});
