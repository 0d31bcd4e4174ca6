import {
  createReportConfig,
  deleteReportConfig,
  exportStatus,
  lastCompletePeriod,
  listReportConfigs,
  plantEnergyByMonth,
  type ReportConfigBody,
  runReport,
  runReportConfig,
  updateReportConfig,
} from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile } from '../exports/export-build.js';
import {
  buildPlant,
  buildPlantWithDevices,
  insertEnergy,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let berlinId: number;
let tokyoId: number;

/** March 2026: Berlin changes to summer time on the 29th; fractional Wh on every day. */
const MARCH = Array.from({ length: 31 }, (_, index) => ({
  day: `2026-03-${String(index + 1).padStart(2, '0')}`,
  energyKwh: 10 + index * 0.337,
}));
const MARCH_RANGE = { from: '2026-03-01', to: '2026-03-31' };

const configBody = {
  name: 'Monthly roofs',
  plantIds: [] as number[],
  period: 'month' as const,
  grouping: 'plant' as const,
  columns: ['energyKwh' as const, 'income' as const],
  language: 'en' as const,
  format: 'pdf' as const,
  schedule: null,
};

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompanyWithStaff(t.deps, ['workdata.view']);
  const berlin = await buildPlantWithDevices(t.deps, company.admin.id, [{}, { kind: 'meter' }], {
    name: 'Berlin roof',
    company_id: company.company.id,
    capacity_kwp: 20,
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    valuation_method: 'constant',
    constant_price: 0.3,
  });
  berlinId = berlin.plant.id;
  await insertEnergy(t.deps, berlin.devices[0]!.id, MARCH);
  await insertEnergy(
    t.deps,
    berlin.devices[1]!.id,
    MARCH.map(({ day }) => ({ day, importKwh: 1.25, exportKwh: 4.5 })),
  );
  await insertEnergy(t.deps, berlin.devices[0]!.id, [{ day: '2026-04-01', energyKwh: 99 }]);
  const tokyo = await buildPlantWithDevices(t.deps, company.admin.id, [{}], {
    name: 'Tokyo roof',
    company_id: company.company.id,
    capacity_kwp: 0,
    time_zone: 'Asia/Tokyo',
    currency: 'JPY',
  });
  tokyoId = tokyo.plant.id;
  await insertEnergy(t.deps, tokyo.devices[0]!.id, [{ day: '2026-03-15', energyKwh: 7.5 }]);
});

describe('reports', () => {
  it('refuses anonymous callers, bad input and callers without the report permission', async () => {
    const anonymous = await callEndpoint(t.app, runReport, {
      body: { grouping: 'plant', ...MARCH_RANGE },
    });
    expect(anonymous.status).toBe(401);
    const badBodies = {
      reversed: { grouping: 'plant', from: '2026-03-31', to: '2026-03-01' },
      badGrouping: { grouping: 'week', ...MARCH_RANGE },
      tooLong: { grouping: 'day', from: '2024-01-01', to: '2026-03-31' },
    };
    for (const [name, body] of Object.entries(badBodies)) {
      const res = await callEndpointLoosely(t.app, runReport, { token: company.adminToken, body });
      expect(res.code, name).toBe(4);
    }
    const owner = await buildSignedInOwner(t.deps);
    const refused = await callEndpoint(t.app, runReport, {
      token: owner.token,
      body: { grouping: 'plant', ...MARCH_RANGE },
    });
    expect(refused.code).toBe(2);
  });

  it('totals a month across the daylight-saving change exactly as the overview does', async () => {
    const report = await endpointData(t.app, runReport, {
      token: company.staffToken,
      body: { grouping: 'plant', ...MARCH_RANGE },
    });
    const byMonth = await endpointData(t.app, plantEnergyByMonth, {
      token: company.adminToken,
      params: { id: berlinId },
      query: { year: '2026' },
    });
    const march = byMonth.points.find((point) => point.period === '2026-03')!;
    const [berlin, tokyo] = report.rows;
    expect(berlin).toMatchObject({ plantName: 'Berlin roof', currency: 'EUR' });
    expect(berlin!.energyKwh).toBeCloseTo(march.energyKwh, 3);
    expect(berlin!.income).toBeCloseTo(march.energyKwh * 0.3, 2);
    expect(berlin!.equivalentHours).toBeCloseTo(march.energyKwh / 20, 2);
    expect(berlin!.importKwh).toBeCloseTo(31 * 1.25, 3);
    expect(berlin!.selfConsumptionKwh).toBeCloseTo(march.energyKwh - 31 * 4.5, 3);
    expect(tokyo).toMatchObject({
      plantName: 'Tokyo roof',
      energyKwh: 7.5,
      equivalentHours: null,
      importKwh: null,
    });
    expect(report.totals.energyKwh).toBeCloseTo(march.energyKwh + 7.5, 3);
  });

  it('gives one row per plant-local day, the 29th of March included', async () => {
    const report = await endpointData(t.app, runReport, {
      token: company.staffToken,
      body: { grouping: 'day', plantIds: [berlinId], ...MARCH_RANGE },
    });
    expect(report.rows).toHaveLength(31);
    const changeDay = report.rows.find((row) => row.period === '2026-03-29')!;
    expect(changeDay.energyKwh).toBeCloseTo(10 + 28 * 0.337, 3);
    const summed = report.rows.reduce((sum, row) => sum + row.energyKwh, 0);
    expect(summed).toBeCloseTo(report.totals.energyKwh, 3);
  });

  it('keeps companies apart', async () => {
    const other = await buildCompanyWithStaff(t.deps, ['workdata.view']);
    await buildPlant(t.deps, other.admin.id, { name: 'Other roof', company_id: other.company.id });
    const foreign = await callEndpoint(t.app, runReport, {
      token: other.staffToken,
      body: { grouping: 'plant', plantIds: [berlinId], ...MARCH_RANGE },
    });
    expect(foreign.code).toBe(700);
    const own = await endpointData(t.app, runReport, {
      token: other.staffToken,
      body: { grouping: 'plant', ...MARCH_RANGE },
    });
    expect(own.rows.map((row) => row.plantName)).toEqual(['Other roof']);
    const config = await callEndpoint(t.app, createReportConfig, {
      token: other.staffToken,
      body: { ...configBody, plantIds: [tokyoId] },
    });
    expect(config.code).toBe(700);
  });
});

/** The rows of a workbook's first sheet, an empty cell as null. */
function firstSheetRows(bytes: Buffer): unknown[][] {
  const workbook = XLSX.read(bytes);
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
}

/** Saves a configuration, produces its file now and answers its record and its bytes. */
async function configFile(body: Partial<ReportConfigBody> & { name: string }) {
  const { id } = await endpointData(t.app, createReportConfig, {
    token: company.staffToken,
    body: { ...configBody, ...body },
  });
  const file = await endpointData(t.app, runReportConfig, {
    token: company.staffToken,
    params: { id },
    body: {},
  });
  await buildExportFile(t.deps, file.id, 3);
  const record = await endpointData(t.app, exportStatus, {
    token: company.staffToken,
    params: { id: file.id },
  });
  const res = await t.app.inject({
    method: 'GET',
    url: record.fileUrl!,
    headers: { authorization: `Bearer ${company.staffToken}` },
  });
  return { record, bytes: res.rawPayload };
}

describe('report configurations', () => {
  it('are saved, listed, checked and owned by their user', async () => {
    const badCron = await callEndpoint(t.app, createReportConfig, {
      token: company.staffToken,
      body: { ...configBody, schedule: '61 * * * *' },
    });
    expect(badCron.code).toBe(4);
    const noColumns = await callEndpoint(t.app, createReportConfig, {
      token: company.staffToken,
      body: { ...configBody, columns: [] },
    });
    expect(noColumns.code).toBe(4);
    const badZone = await callEndpoint(t.app, createReportConfig, {
      token: company.staffToken,
      body: { ...configBody, timeZone: 'Mars/Olympus' },
    });
    expect(badZone.code).toBe(4);
    expect(badZone.data).toEqual({
      fields: [{ field: 'timeZone', message: 'validation.timeZone' }],
    });
    const { id } = await endpointData(t.app, createReportConfig, {
      token: company.staffToken,
      body: { ...configBody, plantIds: [berlinId], schedule: '0 6 1 * *', timeZone: 'Asia/Tokyo' },
    });
    const twin = await callEndpoint(t.app, createReportConfig, {
      token: company.staffToken,
      body: configBody,
    });
    expect(twin.code).toBe(1400);
    const list = await endpointData(t.app, listReportConfigs, {
      token: company.staffToken,
      query: {},
    });
    const saved = list.infos.find((config) => config.id === id)!;
    expect(saved).toMatchObject({
      name: 'Monthly roofs',
      plantIds: [berlinId],
      timeZone: 'Asia/Tokyo',
    });
    // 06:00 on the 1st in Tokyo is 21:00 UTC on the month's last day.
    expect(new Date(saved.nextRunAt!).getUTCHours()).toBe(21);
    expect(new Date(saved.nextRunAt!.slice(0, 10)).getUTCDate()).toBeGreaterThanOrEqual(28);
    const foreign = await callEndpoint(t.app, updateReportConfig, {
      token: company.adminToken,
      params: { id },
      body: configBody,
    });
    expect(foreign.code).toBe(2);
    const removed = await callEndpoint(t.app, deleteReportConfig, {
      token: company.adminToken,
      params: { id },
    });
    expect(removed.code).toBe(2);
  });

  it('produce a PDF of the last complete period in the download records', async () => {
    const { record, bytes } = await configFile({ name: 'PDF now' });
    // Two plants, then the totals: one row per currency.
    expect(record).toMatchObject({ status: 'ready', format: 'pdf', rowCount: 4 });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/MediaBox [0 0 592.28 841.89]');
  });

  it("give a configuration's file exactly the run report's rows, figures and totals", async () => {
    const { record, bytes } = await configFile({
      name: 'Yearly file',
      period: 'year',
      grouping: 'month',
      columns: ['selfConsumptionKwh', 'income', 'energyKwh'],
      format: 'xlsx',
    });
    const rows = firstSheetRows(bytes);

    const report = await endpointData(t.app, runReport, {
      token: company.staffToken,
      body: { grouping: 'month', ...lastCompletePeriod('year', new Date()) },
    });
    const [firstIncome, ...otherIncomes] = report.totals.incomes;
    expect(report.totals.incomes.length).toBe(2);
    expect(rows).toEqual([
      ['Plant', 'Period', 'Energy (kWh)', 'Income', 'Self-consumption (kWh)'],
      ...report.rows.map((row) => [
        row.plantName,
        row.period,
        row.energyKwh,
        row.income,
        row.selfConsumptionKwh,
      ]),
      ['Total', firstIncome!.currency, report.totals.energyKwh, firstIncome!.amount, null],
      ...otherIncomes.map((income) => ['Total', income.currency, null, income.amount, null]),
    ]);
    expect(record.rowCount).toBe(rows.length - 1);
  });

  it('keep a custom range of plant-local days, checked, and their files cover it', async () => {
    const custom = { period: 'custom' as const, from: '2026-03-28', to: '2026-03-30' };
    const refusals = await Promise.all(
      [
        { ...custom, name: 'Reversed', from: '2026-03-31' },
        { ...custom, name: 'Too long', from: '2025-03-29' },
        { ...custom, name: 'No start', from: null },
        { ...configBody, name: 'Month with days', from: '2026-03-01', to: '2026-03-02' },
      ].map(async (body) =>
        callEndpoint(t.app, createReportConfig, {
          token: company.staffToken,
          body: { ...configBody, ...body },
        }),
      ),
    );
    expect(refusals.map((refusal) => [refusal.code, refusal.data])).toEqual([
      [4, { fields: [{ field: 'to', message: 'validation.date' }] }],
      [4, { fields: [{ field: 'to', message: 'validation.date' }] }],
      [4, { fields: [{ field: 'from', message: 'validation.required' }] }],
      [4, { fields: [{ field: 'from', message: 'validation.invalid' }] }],
    ]);
    // 366 days, a leap year's worth, is the longest range.
    const longest = await callEndpoint(t.app, createReportConfig, {
      token: company.staffToken,
      body: { ...configBody, ...custom, name: 'Longest', from: '2025-03-30', to: '2026-03-30' },
    });
    expect(longest.code).toBe(0);

    const { bytes } = await configFile({
      ...custom,
      name: 'Around the change',
      plantIds: [berlinId],
      columns: ['energyKwh'],
      format: 'xlsx',
    });
    const rows = firstSheetRows(bytes);
    const report = await endpointData(t.app, runReport, {
      token: company.staffToken,
      body: { grouping: 'plant', plantIds: [berlinId], from: custom.from, to: custom.to },
    });
    // The 28th, 29th (23 hours) and 30th of March.
    expect(report.totals.energyKwh).toBe(Number((30 + (27 + 28 + 29) * 0.337).toFixed(3)));
    expect(rows).toEqual([
      ['Plant', 'Period', 'Energy (kWh)'],
      ['Berlin roof', '2026-03-28 – 2026-03-30', report.totals.energyKwh],
      ['Total', 'EUR', report.totals.energyKwh],
    ]);
    const list = await endpointData(t.app, listReportConfigs, {
      token: company.staffToken,
      query: {},
    });
    expect(list.infos.find((config) => config.name === 'Around the change')).toMatchObject(custom);
  });
});
