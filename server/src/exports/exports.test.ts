import {
  createExport,
  deleteExport,
  downloadExportFile,
  ErrorCode,
  exportStatus,
  listDownloads,
  listInverters,
} from '@solar/contract';
import { parse } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDatalogger,
  buildDevice,
  buildEvent,
  buildPlant,
  buildPlantWithDevices,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile, deleteExpiredExports } from './export-build.js';
import { ownerContext } from './export-owner.js';
import { downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompanyWithStaff(t.deps, ['station.view']);
  await buildPlant(t.deps, company.admin.id, {
    name: 'Zeta Nord',
    company_id: company.company.id,
    capacity_kwp: 42.5,
    time_zone: 'Europe/Berlin',
  });
  const { devices } = await buildPlantWithDevices(
    t.deps,
    company.admin.id,
    [{ sn: `EXPINV${Date.now()}`, lastValues: { pac_w: 1200 } }],
    { name: 'Alpha Süd', company_id: company.company.id, time_zone: 'America/New_York' },
  );
  await buildEvent(t.deps, devices[0]!.id, { startedAt: new Date('2026-03-08T07:00:00Z') });
});

/** Starts an export and runs its job as a worker would. */
async function exported(token: string, body: Parameters<typeof startExport>[1]) {
  const { id } = await startExport(token, body);
  await buildExportFile(t.deps, id, 3);
  return endpointData(t.app, exportStatus, { token, params: { id } });
}

function startExport(token: string, body: NonNullable<typeof createExport.body>['_input']) {
  return endpointData(t.app, createExport, { token, body });
}

function downloaded(token: string, id: number) {
  return downloadedExport(t.app, token, id);
}

describe('export centre', () => {
  it('refuses anonymous callers and bad requests', async () => {
    const anonymous = await callEndpoint(t.app, createExport, {
      body: { kind: 'plants', format: 'csv' },
    });
    expect(anonymous.status).toBe(401);
    const bad = await callEndpointLoosely(t.app, createExport, {
      token: company.adminToken,
      body: { kind: 'plants', format: 'pdf' },
    });
    expect(bad.code).toBe(4);
  });

  it('exports the plant list as XLSX with headers in the caller’s language and numbers as numbers', async () => {
    const record = await exported(company.adminToken, {
      kind: 'plants',
      format: 'xlsx',
      lan: 'de',
    });
    expect(record).toMatchObject({ status: 'ready', percent: 100, rowCount: 2 });
    expect(record.fileUrl).toBe(`/api/v1/exports/${record.id}/file`);
    expect(record.expiresAt).not.toBeNull();
    const workbook = XLSX.read(await downloaded(company.adminToken, record.id));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows[0]).toContain('Anlage');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Alpha Süd', 'Zeta Nord']);
    expect(rows[2]![1]).toBe(42.5);
  });

  it('exports the inverters the inverter list shows, an unbound datalogger’s included', async () => {
    const own = await buildCompanyWithStaff(t.deps, ['station.view']);
    const bound = await buildPlantWithDevices(
      t.deps,
      own.admin.id,
      [{ sn: `EXPBOUND${Date.now()}` }],
      { name: 'Bound', company_id: own.company.id },
    );
    const unbound = await buildDatalogger(t.deps);
    await t.deps.db
      .updateTable('dataloggers')
      .set({ owner_company_id: own.company.id })
      .where('id', '=', unbound.id)
      .execute();
    const spare = await buildDevice(t.deps, unbound.id, { sn: `EXPSPARE${Date.now()}` });
    const list = await endpointData(t.app, listInverters, { token: own.adminToken, query: {} });
    const record = await exported(own.adminToken, { kind: 'inverters', format: 'csv' });
    const rows: string[][] = parse(await downloaded(own.adminToken, record.id), { bom: true });
    const exportedSerials = rows.slice(1).map((row) => row[0]);
    expect(exportedSerials.sort()).toEqual(list.infos.map((item) => item.sn).sort());
    expect(exportedSerials.sort()).toEqual([bound.devices[0]!.sn, spare.sn].sort());
  });

  it('exports inverters and events as CSV with times in the plant’s time zone', async () => {
    const inverters = await exported(company.adminToken, { kind: 'inverters', format: 'csv' });
    const inverterRows: string[][] = parse(await downloaded(company.adminToken, inverters.id), {
      bom: true,
    });
    expect(inverterRows).toHaveLength(2);
    expect(inverterRows[1]?.[5]).toBe('Alpha Süd');

    const events = await exported(company.adminToken, { kind: 'events', format: 'csv', lan: 'en' });
    const eventRows: string[][] = parse(await downloaded(company.adminToken, events.id), {
      bom: true,
    });
    expect(eventRows[0]?.[6]).toBe('Start');
    expect(eventRows[1]?.[6]).toBe('2026-03-08 03:00:00 -04:00');
  });

  it('refuses a kind whose list the caller may not see, and other users’ records', async () => {
    const refused = await callEndpoint(t.app, createExport, {
      token: company.staffToken,
      body: { kind: 'events', format: 'csv' },
    });
    expect(refused.code).toBe(2);
    const { id } = await startExport(company.adminToken, { kind: 'plants', format: 'csv' });
    for (const endpoint of [exportStatus, deleteExport, downloadExportFile]) {
      const res = await callEndpoint(t.app, endpoint, {
        token: company.staffToken,
        params: { id },
      });
      expect(res.code).toBe(2);
    }
  });

  it('exports only what the owner sees', async () => {
    const owner = await buildSignedInOwner(t.deps);
    await buildPlant(t.deps, owner.user.id, { name: 'Own roof' });
    const record = await exported(owner.token, { kind: 'plants', format: 'csv' });
    const rows = parse(await downloaded(owner.token, record.id), { bom: true });
    expect(rows.slice(1).map((row: string[]) => row[0])).toEqual(['Own roof']);
  });

  it('fails the export at once when the owner’s company was disabled since the request', async () => {
    const disabled = await buildCompanyWithStaff(t.deps, ['station.view']);
    const { id } = await startExport(disabled.adminToken, { kind: 'plants', format: 'csv' });
    await t.deps.db
      .updateTable('companies')
      .set({ is_enabled: false })
      .where('id', '=', disabled.company.id)
      .execute();
    await expect(ownerContext(t.deps.db, disabled.admin.id)).rejects.toMatchObject({
      code: ErrorCode.accountDisabled,
    });
    await buildExportFile(t.deps, id, 3);
    const row = await t.deps.db
      .selectFrom('exports')
      .select(['status', 'attempts', 'object_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: 1, object_key: null });
  });

  it('lists the download records and deletes one with its file', async () => {
    const record = await exported(company.adminToken, { kind: 'plants', format: 'csv' });
    const page = await endpointData(t.app, listDownloads, { token: company.adminToken });
    expect(page.infos[0]).toMatchObject({ id: record.id, status: 'ready' });
    expect(page.total).toBeGreaterThanOrEqual(1);
    await endpointData(t.app, deleteExport, {
      token: company.adminToken,
      params: { id: record.id },
    });
    const gone = await callEndpoint(t.app, exportStatus, {
      token: company.adminToken,
      params: { id: record.id },
    });
    expect(gone.code).toBe(2);
    expect(await t.deps.files.stat(`exports/${record.id}/${record.fileName}`)).toBeNull();
  });

  /**
   * This record's expiry moves into the past, rather than the clock past every expiry: other
   * files' tests run beside this one on the same database, and their records must stay.
   */
  const expireNow = (id: number) =>
    t.deps.db
      .updateTable('exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();

  it('removes expired files and their records', async () => {
    const record = await exported(company.adminToken, { kind: 'plants', format: 'xlsx' });
    const key = `exports/${record.id}/${record.fileName}`;
    expect(await t.deps.files.stat(key)).not.toBeNull();
    await deleteExpiredExports(t.deps, new Date());
    expect(await t.deps.files.stat(key)).not.toBeNull();
    await expireNow(record.id);
    await deleteExpiredExports(t.deps, new Date());
    expect(await t.deps.files.stat(key)).toBeNull();
    const row = await t.deps.db
      .selectFrom('exports')
      .select('id')
      .where('id', '=', record.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
