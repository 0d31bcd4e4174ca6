import { createExport, ErrorCode, exportStatus } from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../audit/audit.service.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile } from './export-build.js';
import { downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;
let platformToken: string;
const actorEmail = `auditor-${Date.now()}@example.com`;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  const admin = await buildUser(t.deps, { kind: 'platform_admin', email: actorEmail });
  platformToken = await tokenFor(t.deps, admin.id);
  const actor = { userId: admin.id, email: actorEmail, address: '203.0.113.7' };
  await recordAudit(t.deps.db, actor, { action: 'company.created', target: 'company 1 "Old"' });
  await recordAudit(t.deps.db, actor, {
    action: 'notice.published',
    target: 'notice 9',
    detail: { title: 'Maintenance' },
  });
});

function downloaded(token: string, id: number) {
  return downloadedExport(t.app, token, id);
}

async function exported(body: NonNullable<typeof createExport.body>['_input']) {
  const { id } = await endpointData(t.app, createExport, { token: platformToken, body });
  await buildExportFile(t.deps, id, 3);
  return endpointData(t.app, exportStatus, { token: platformToken, params: { id } });
}

describe('audit log export', () => {
  it('writes the filtered entries, newest first, as CSV with headers in the chosen language', async () => {
    const record = await exported({ kind: 'audit', format: 'csv', lan: 'de', actor: actorEmail });
    expect(record).toMatchObject({ status: 'ready', rowCount: 2, kind: 'audit' });
    const rows: string[][] = parse(await downloaded(platformToken, record.id), { bom: true });
    expect(rows[0]).toEqual(['Zeit (UTC)', 'Wer', 'Aktion', 'Objekt', 'Adresse', 'Details']);
    expect(rows.slice(1).map((row) => row.slice(1, 5))).toEqual([
      [actorEmail, 'notice.published', 'notice 9', '203.0.113.7'],
      [actorEmail, 'company.created', 'company 1 "Old"', '203.0.113.7'],
    ]);
    expect(JSON.parse(rows[1]![5]!)).toEqual({ title: 'Maintenance' });
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by action and writes XLSX', async () => {
    const record = await exported({
      kind: 'audit',
      format: 'xlsx',
      lan: 'en',
      actor: actorEmail,
      action: 'company.created',
    });
    const workbook = XLSX.read(await downloaded(platformToken, record.id));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([actorEmail, 'company.created']));
  });

  it('refuses a company administrator with code 2', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, createExport, {
      token: adminToken,
      body: { kind: 'audit', format: 'csv' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});
