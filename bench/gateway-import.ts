/**
 * Datalogger import: a company administrator uploads .xlsx files of BENCH_IMPORT_ROWS rows
 * (default 1000 and 5000, the limit) whose SNs are factory stock, and a 10,000-row file that is
 * refused whole; each through app.inject on a fresh database. Prints file size, time and the
 * server's heap growth per file; asserts nothing.
 */
import * as XLSX from '@e965/xlsx';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { multipartFile } from '../server/src/test/fixtures/uploads.factories.js';
import { timed } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { withBenchApp } from './harness/server.js';

const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '1000,5000,10000').split(',').map(Number);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function spreadsheet(serials: readonly string[]): Buffer {
  const workbook = XLSX.utils.book_new();
  const rows = serials.map((sn) => [sn, 'BENCHKEY', '', 'Europe']);
  const sheet = XLSX.utils.aoa_to_sheet([['SN', 'Key', 'Alias', 'Area code'], ...rows]);
  XLSX.utils.book_append_sheet(workbook, sheet, 'Dataloggers');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

runBench(() =>
  withBenchApp(async ({ app, deps }) => {
    const company = await deps.db
      .insertInto('companies')
      .values({ name: 'Bench import company' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await deps.db
      .insertInto('users')
      .values({
        email: 'bench-import@example.com',
        password_hash: 'not-used',
        nickname: 'Bench',
        kind: 'company_admin',
        company_id: company.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await currentAccessToken(deps.db, deps.accessTokens, admin.id);
    const rows: string[][] = [];
    for (const size of SIZES) {
      const serials = Array.from({ length: size }, (_, index) => `BENCH${size}X${index}`);
      await deps.db
        .insertInto('dataloggers')
        .values(serials.map((sn) => ({ sn, registration_key: 'BENCHKEY' })))
        .execute();
      const file = spreadsheet(serials);
      const { payload, headers } = multipartFile(file, 'bench.xlsx', XLSX_TYPE);
      const heapBefore = process.memoryUsage().heapUsed;
      const { result, seconds } = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/v1/gateways/import',
          payload,
          headers: { ...headers, authorization: `Bearer ${token}` },
        }),
      );
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      const answer = result.json<{ code: number; data: { imported: number } | null }>();
      rows.push([
        String(size),
        String(Math.round(file.length / 1024)),
        answer.code === 0 ? `imported ${answer.data?.imported ?? 0}` : `code ${answer.code}`,
        ms(seconds * 1000),
        String(Math.round(heapGrowth / 1024 / 1024)),
      ]);
    }
    printTable(
      'Datalogger import (.xlsx through POST /api/v1/gateways/import)',
      ['rows', 'file kB', 'answer', 'ms', 'heap growth MB'],
      rows,
    );
  }),
);
