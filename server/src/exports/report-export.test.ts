import {
  CO2_KG_PER_KWH,
  createExport,
  exportStatus,
  plantEnergyByDay,
  plantEnergyByMonth,
} from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlant,
  buildPlantWithDevices,
  insertEnergy,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile } from './export-build.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let plantId: number;

/** Every day of March 2026 (Berlin changes to summer time on the 29th), fractional Wh. */
const MARCH = Array.from({ length: 31 }, (_, index) => ({
  day: `2026-03-${String(index + 1).padStart(2, '0')}`,
  energyKwh: 10 + index * 0.337,
}));

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompanyWithStaff(t.deps, ['station.view']);
  const built = await buildPlantWithDevices(t.deps, company.admin.id, [{}, {}, { kind: 'meter' }], {
    name: 'Berlin roof',
    company_id: company.company.id,
    capacity_kwp: 20,
    time_zone: 'Europe/Berlin',
  });
  plantId = built.plant.id;
  const [first, second, meter] = built.devices;
  await insertEnergy(t.deps, first!.id, MARCH);
  await insertEnergy(
    t.deps,
    second!.id,
    MARCH.map(({ day, energyKwh }) => ({ day, energyKwh: energyKwh / 3 })),
  );
  await insertEnergy(
    t.deps,
    meter!.id,
    MARCH.map(({ day }) => ({ day, importKwh: 1.25, exportKwh: 4.5 })),
  );
  // Days outside the month stay outside the report.
  await insertEnergy(t.deps, first!.id, [
    { day: '2026-02-28', energyKwh: 99 },
    { day: '2026-04-01', energyKwh: 99 },
  ]);
});

async function reportRows(token: string, grouping: 'plant' | 'day') {
  const { id } = await endpointData(t.app, createExport, {
    token,
    body: { kind: 'report', format: 'xlsx', from: '2026-03-01', to: '2026-03-31', grouping },
  });
  await buildExportFile(t.deps, id, 3);
  const record = await endpointData(t.app, exportStatus, { token, params: { id } });
  expect(record.status).toBe('ready');
  const file = await t.app.inject({
    method: 'GET',
    url: record.fileUrl!,
    headers: { authorization: `Bearer ${token}` },
  });
  const workbook = XLSX.read(file.rawPayload);
  return XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
    header: 1,
  });
}

describe('energy report export', () => {
  it('totals a month across the daylight-saving change exactly as the overview does', async () => {
    const [header, total] = await reportRows(company.adminToken, 'plant');
    expect(header).toContain('Equivalent hours (h)');
    const byMonth = await endpointData(t.app, plantEnergyByMonth, {
      token: company.adminToken,
      params: { id: plantId },
      query: { year: '2026' },
    });
    const march = byMonth.points.find((point) => point.period === '2026-03')!;
    const cell = (name: string) => total![header!.indexOf(name)];
    expect(total![0]).toBe('Berlin roof');
    expect(cell('Energy (kWh)')).toBeCloseTo(march.energyKwh, 3);
    expect(cell('Equivalent hours (h)')).toBeCloseTo(march.energyKwh / 20, 2);
    expect(cell('Grid import (kWh)')).toBeCloseTo(31 * 1.25, 3);
    expect(cell('Self-consumption (kWh)')).toBeCloseTo(march.energyKwh - 31 * 4.5, 3);
    expect(cell('CO2 saved (kg)')).toBeCloseTo(march.energyKwh * CO2_KG_PER_KWH, 1);
    // No weather station: the performance ratio is not available, never 0.
    expect(cell('Performance ratio')).toBeUndefined();
  });

  it('gives the overview’s figure for every plant-local day', async () => {
    const rows = await reportRows(company.adminToken, 'day');
    const byDay = await endpointData(t.app, plantEnergyByDay, {
      token: company.adminToken,
      params: { id: plantId },
      query: { month: '2026-03' },
    });
    const days = rows
      .slice(1)
      .filter((row) => row[0] !== 'Total')
      .map((row) => [row[1], row[2]]);
    expect(days).toHaveLength(31);
    for (const point of byDay.points.filter((p) => p.energyKwh > 0)) {
      const day = days.find(([period]) => period === point.period);
      expect(day?.[1], point.period).toBeCloseTo(point.energyKwh, 3);
    }
  });

  it('holds only the plants its requester may see', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const refused = await callEndpoint(t.app, createExport, {
      token: owner.token,
      body: { kind: 'report', format: 'csv', from: '2026-03-01', to: '2026-03-31' },
    });
    // Plant owners hold no report permission.
    expect(refused.code).toBe(2);
    const other = await buildCompanyWithStaff(t.deps, ['workdata.view']);
    await buildPlant(t.deps, other.admin.id, { name: 'Other roof', company_id: other.company.id });
    const rows = await reportRows(other.staffToken, 'plant');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Other roof', 'Total']);
  });
});
