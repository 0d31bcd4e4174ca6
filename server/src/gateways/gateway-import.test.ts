import {
  ErrorCode,
  GATEWAY_IMPORT_MAX_ROWS,
  GATEWAY_IMPORT_TEMPLATE_PATH,
  importGateways,
  listGateways,
} from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';
import { multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';
import {
  buildGateway,
  gatewaySn,
  spreadsheet,
  XLS_TYPE,
  XLSX_TYPE,
  zipBombXlsx,
} from '../test/fixtures/gateways.factories.js';
import { MAX_UNPACKED_BYTES } from './spreadsheet-reader.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
});

function upload(token: string, bytes: Buffer, name = 'dataloggers.xlsx', type = XLSX_TYPE) {
  const { payload, headers } = multipartFile(bytes, name, type);
  return callEndpointLoosely(t.app, importGateways, { body: payload, headers, token });
}

async function heldBy(companyId: number, serials: string[]) {
  const rows = await t.deps.db
    .selectFrom('dataloggers')
    .select(['sn', 'alias'])
    .where('owner_company_id', '=', companyId)
    .where('sn', 'in', serials)
    .orderBy('sn')
    .execute();
  return rows;
}

describe('GET /api/v1/gateways/import/template', () => {
  it('is an .xlsx with the header row and the Europe area code explained', async () => {
    const res = await t.app.inject({ method: 'GET', url: GATEWAY_IMPORT_TEMPLATE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = XLSX.read(res.rawPayload, { type: 'buffer' });
    const first = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    expect(first).toBeDefined();
    const rows = XLSX.utils.sheet_to_json<string[]>(first!, { header: 1 });
    expect(rows).toEqual([['SN', 'Key', 'Alias', 'Area code']]);
    const notes = JSON.stringify(workbook.Sheets.Notes);
    expect(notes).toContain('Europe');
  });
});

describe('POST /api/v1/gateways/import', () => {
  it('answers 401 without a token and 2 without gateway.create', async () => {
    const file = spreadsheet([['ABC123', 'KEY12345']]);
    const { payload, headers } = multipartFile(file, 'a.xlsx', XLSX_TYPE);
    const anonymous = await callEndpointLoosely(t.app, importGateways, { body: payload, headers });
    expect(anonymous.status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['gateway.view']);
    expect((await upload(staffToken, file)).code).toBe(ErrorCode.noPermission);
  });

  it('imports the good rows of an .xlsx and reports 4, 300, 301, 305 and duplicates per row', async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const [good1, good2, wrongKey] = await Promise.all([
      buildGateway(t.deps),
      buildGateway(t.deps),
      buildGateway(t.deps),
    ]);
    const used = await buildGateway(t.deps, { ownerCompanyId: other.company.id });
    const unknown = gatewaySn();
    const file = spreadsheet([
      [good1.sn, 'KEY12345', 'North roof', 'Europe'],
      [good2.sn, 'KEY12345', '', ''],
      [],
      [wrongKey.sn, 'BADKEY99', '', ''],
      [used.sn, 'KEY12345', '', ''],
      [unknown, 'KEY12345', '', ''],
      [good1.sn, 'KEY12345', 'Again', ''],
      ['x', 'KEY12345', '', ''],
      [gatewaySn(), 'KEY12345', '', 'Asia'],
    ]);
    const res = await upload(adminToken, file);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ imported: 2, failed: 6 });
    expect(res.data.results.map((row) => [row.row, row.code])).toEqual([
      [2, 0],
      [3, 0],
      [5, ErrorCode.dataloggerCredentials],
      [6, ErrorCode.dataloggerInUse],
      [7, ErrorCode.dataloggerNotFound],
      [8, ErrorCode.dataloggerInUse],
      [9, ErrorCode.validation],
      [10, ErrorCode.validation],
    ]);
    expect(res.data.results[5]?.detail).toContain('row 2');
    expect(res.data.results[7]?.detail).toContain('Europe');
    expect(await heldBy(company.id, [good1.sn, good2.sn, wrongKey.sn, used.sn])).toEqual(
      [
        { sn: good1.sn, alias: 'North roof' },
        { sn: good2.sn, alias: null },
      ].sort((a, b) => a.sn.localeCompare(b.sn)),
    );
    const page = await endpointData(t.app, listGateways, { token: adminToken });
    expect(page.total).toBe(2);
    // The same file again: every row is now used, nothing changes.
    const again = await upload(adminToken, file);
    expect(again.data.imported).toBe(0);
    expect(again.data.results[0]?.code).toBe(ErrorCode.dataloggerInUse);
  });

  it('reads legacy .xls files too', async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const stock = await buildGateway(t.deps);
    const res = await upload(
      adminToken,
      spreadsheet([[stock.sn, 'KEY12345', 'Old format', 'Europe']], 'biff8'),
      'old.xls',
      XLS_TYPE,
    );
    expect(res.data).toMatchObject({ imported: 1, failed: 0 });
    expect(await heldBy(company.id, [stock.sn])).toEqual([{ sn: stock.sn, alias: 'Old format' }]);
  });

  it('answers 4 with a clear message for files that are not such spreadsheets', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const cases: [Buffer, string, RegExp][] = [
      [PNG_BYTES, 'picture.xlsx', /not an \.xlsx or \.xls/],
      [Buffer.from('SN,Key\nABC123,KEY12345\n'), 'renamed.xlsx', /not an \.xlsx or \.xls/],
      [
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
        'broken.xlsx',
        /cannot be read|no sheet|header/,
      ],
      [
        spreadsheet([['ABC123', 'KEY12345']], 'xlsx', ['Serial', 'Password']),
        'wrong.xlsx',
        /header/,
      ],
      [spreadsheet([]), 'empty.xlsx', /no datalogger rows/],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await upload(adminToken, bytes, name);
      expect(res.code, name).toBe(ErrorCode.validation);
      expect(refusalDetail(res), name).toMatch(message);
    }
    const { payload, headers } = multipartFile(
      spreadsheet([['A1', 'B1']]),
      'a.xlsx',
      XLSX_TYPE,
      'other',
    );
    const wrongField = await callEndpointLoosely(t.app, importGateways, {
      body: payload,
      headers,
      token: adminToken,
    });
    expect(wrongField.code).toBe(ErrorCode.validation);
  });

  it(`refuses a 10,000-row file whole and imports ${GATEWAY_IMPORT_MAX_ROWS} rows in one go`, async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const tooMany = Array.from({ length: 10_000 }, (_, index) => [`BIG${index}X`, 'KEY12345']);
    const bigFile = spreadsheet(tooMany);
    const refused = await upload(adminToken, bigFile);
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refusalDetail(refused)).toContain(String(GATEWAY_IMPORT_MAX_ROWS));

    const prefix = gatewaySn('L');
    const serials = Array.from(
      { length: GATEWAY_IMPORT_MAX_ROWS },
      (_, index) => `${prefix}${index}`,
    );
    await t.deps.db
      .insertInto('dataloggers')
      .values(serials.map((sn) => ({ sn, registration_key: 'KEY12345' })))
      .execute();
    const fullFile = spreadsheet(serials.map((sn) => [sn, 'KEY12345']));
    const res = await upload(adminToken, fullFile);
    expect(res.data).toMatchObject({ imported: GATEWAY_IMPORT_MAX_ROWS, failed: 0 });
    const held = await t.deps.db
      .selectFrom('dataloggers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(Number(held.count)).toBe(GATEWAY_IMPORT_MAX_ROWS);
  }, 60_000);

  it('refuses a zip bomb at once by its declared size and reads a lying one off the event loop', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const tmpBefore = new Set(await readdir(os.tmpdir()));
    // 4 million cells: about 120 kB packed, 60 MB unpacked.
    const cells = 4_000_000;
    const honest = zipBombXlsx(cells);
    expect(honest.length).toBeLessThan(200_000);
    const refused = await upload(adminToken, honest);
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refusalDetail(refused)).toContain(`more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`);

    // Its headers claim 1 kB: only reading it tells, and that happens in a worker thread, so
    // the server goes on answering, one liveness check after another, until the import's answer.
    let isImportAnswered = false;
    const lyingImport = upload(adminToken, zipBombXlsx(cells, true)).then((res) => {
      isImportAnswered = true;
      return res;
    });
    let liveAnswersMeanwhile = 0;
    while (!isImportAnswered) {
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      if (!isImportAnswered) liveAnswersMeanwhile += 1;
      await sleep(50);
    }
    expect(liveAnswersMeanwhile).toBeGreaterThanOrEqual(5);
    const answered = await lyingImport;
    expect(answered.status).toBe(200);
    expect(answered.code === ErrorCode.ok || answered.code === ErrorCode.validation).toBe(true);

    const leftBehind = [];
    for (const name of await readdir(os.tmpdir())) {
      if (tmpBefore.has(name)) continue;
      const info = await stat(path.join(os.tmpdir(), name)).catch(() => null);
      if (info?.isFile() && info.size > 10 * 1024 * 1024) leftBehind.push(name);
    }
    expect(leftBehind).toEqual([]);
  }, 60_000);

  it('leaves nothing half-imported when the write fails', async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const good = await buildGateway(t.deps);
    const poisoned = await buildGateway(t.deps, { sn: gatewaySn('POISON') });
    // A trigger refusing the update of one row makes the import's single write fail.
    await sql`
      CREATE OR REPLACE FUNCTION refuse_poisoned_gateway() RETURNS trigger AS $$
      BEGIN
        IF NEW.sn = ${sql.lit(poisoned.sn)} THEN RAISE EXCEPTION 'poisoned row'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_poisoned_gateway BEFORE UPDATE ON dataloggers
        FOR EACH ROW EXECUTE FUNCTION refuse_poisoned_gateway();`.execute(t.deps.db);
    try {
      const res = await upload(
        adminToken,
        spreadsheet([
          [good.sn, 'KEY12345'],
          [poisoned.sn, 'KEY12345'],
        ]),
      );
      expect(res.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_poisoned_gateway ON dataloggers;
        DROP FUNCTION refuse_poisoned_gateway;`.execute(t.deps.db);
    }
    expect(await heldBy(company.id, [good.sn, poisoned.sn])).toEqual([]);
  });
});
