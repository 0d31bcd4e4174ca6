import { createExport, ErrorCode, exportStatus } from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { PassThrough, type Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlantWithDevices, insertSamples } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile } from './export-build.js';
import { downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof buildSignedInOwner>>;
let inverterSn: string;
let meterSn: string;
let epmSn: string;

/**
 * The heap a streamed export of a large day may grow by: 50,000 readings measured about 30 MB
 * (garbage not yet collected included); `npm run exports -w bench` measures 100,000 rows.
 */
const HEAP_LIMIT_BYTES = 64 * 1024 * 1024;

const suffix = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildSignedInOwner(t.deps);
  inverterSn = `DDINV${suffix()}`;
  meterSn = `DDMET${suffix()}`;
  epmSn = `DDEPM${suffix()}`;
  const { devices } = await buildPlantWithDevices(
    t.deps,
    owner.user.id,
    [{ sn: inverterSn }, { sn: meterSn, kind: 'meter' }, { sn: epmSn, kind: 'epm' }],
    { name: 'Day roof', time_zone: 'Europe/Berlin' },
  );
  const [inverter, meter] = devices;
  // 2026-10-25 in Berlin lasts 25 hours: 2026-10-24T22:00Z to 2026-10-25T23:00Z.
  await insertSamples(t.deps, inverter!.id, [
    { ts: '2026-10-24T21:30:00Z', values: { pac_w: 1 } },
    { ts: '2026-10-24T22:30:00Z', values: { pac_w: 0, pv: [{ v: 300, i: 0.5 }] } },
    { ts: '2026-10-25T00:30:00Z', values: { pac_w: 120, pv: [{ v: 310, i: 1 }] } },
    { ts: '2026-10-25T01:30:00Z', values: { pac_w: 250, e_day_kwh: 0.2 } },
    { ts: '2026-10-25T22:30:00Z', values: { pac_w: 0 } },
    { ts: '2026-10-25T23:30:00Z', values: { pac_w: 2 } },
  ]);
  await insertSamples(t.deps, meter!.id, [
    { ts: '2026-10-25T10:00:00Z', values: { p_grid_w: -1500, import_kwh_total: 12.5 } },
  ]);
});

async function exported(token: string, body: NonNullable<typeof createExport.body>['_input']) {
  const { id } = await endpointData(t.app, createExport, { token, body });
  await buildExportFile(t.deps, id, 3);
  return endpointData(t.app, exportStatus, { token, params: { id } });
}

/** The owner's export of the readings of `sn` on 2026-10-25, built. */
function exportedDay(sn: string, format: 'csv' | 'xlsx', lan: 'de' | 'en') {
  return exported(owner.token, { kind: 'deviceDay', format, lan, sn, date: '2026-10-25' });
}

async function csvRows(token: string, id: number): Promise<string[][]> {
  return parse(await downloadedExport(t.app, token, id), { bom: true, relax_column_count: true });
}

describe('device day export', () => {
  it('writes an inverter’s readings of a plant-local day with local times and translated headers', async () => {
    const record = await exportedDay(inverterSn, 'csv', 'de');
    expect(record).toMatchObject({ kind: 'deviceDay', status: 'ready', rowCount: 4 });
    const rows = await csvRows(owner.token, record.id);
    expect(rows[0]).toEqual([
      'Zeit',
      'PV1-Spannung (V)',
      'PV1-Strom (A)',
      'PV1-Leistung (W)',
      'AC-Leistung (W)',
      'Energie heute (kWh)',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      '2026-10-25 00:30:00 +02:00',
      '2026-10-25 02:30:00 +02:00',
      '2026-10-25 02:30:00 +01:00',
      '2026-10-25 23:30:00 +01:00',
    ]);
    expect(rows[2]).toEqual(['2026-10-25 02:30:00 +02:00', '310', '1', '310', '120', '']);
  });

  it('writes another family’s values as XLSX numbers with their names in the language', async () => {
    const record = await exportedDay(meterSn, 'xlsx', 'en');
    const workbook = XLSX.read(await downloadedExport(t.app, owner.token, record.id));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows).toEqual([
      ['Time', 'Grid power (W)', 'Imported total (kWh)'],
      ['2026-10-25 11:00:00 +01:00', -1500, 12.5],
    ]);
  });

  it('refuses another tenant’s device like an unknown one, and a family the caller may not list', async () => {
    const stranger = await buildSignedInOwner(t.deps);
    const exportCount = async () => {
      const row = await t.deps.db
        .selectFrom('exports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', 'in', [stranger.user.id, owner.user.id])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const before = await exportCount();
    for (const sn of [inverterSn, 'NOSUCHDEVICE1']) {
      const refused = await callEndpoint(t.app, createExport, {
        token: stranger.token,
        body: { kind: 'deviceDay', format: 'csv', sn, date: '2026-10-25' },
      });
      expect(refused.code).toBe(ErrorCode.deviceNotFound);
    }
    const epm = await callEndpoint(t.app, createExport, {
      token: owner.token,
      body: { kind: 'deviceDay', format: 'csv', sn: epmSn, date: '2026-10-25' },
    });
    expect(epm.code).toBe(ErrorCode.noPermission);
    const after = await exportCount();
    expect(after).toBe(before);
  });

  it('exports a device family’s list with its values, refusing a family the caller may not list', async () => {
    await t.deps.db
      .updateTable('devices')
      .set({ last_values: JSON.stringify({ p_grid_w: 800, import_kwh_total: 3.5 }) })
      .where('sn', '=', meterSn)
      .execute();
    const record = await exported(owner.token, {
      kind: 'devices',
      format: 'csv',
      lan: 'en',
      family: 'meter',
    });
    const rows = await csvRows(owner.token, record.id);
    expect(rows[0]).toEqual([
      'SN',
      'Alias',
      'Plant',
      'Datalogger SN',
      'Status',
      'Last report',
      'Grid power (W)',
      'Imported total (kWh)',
      'Exported total (kWh)',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[6], row[7], row[8]])).toEqual([
      [meterSn, 'Day roof', '800', '3.5', ''],
    ]);
    const epm = await callEndpoint(t.app, createExport, {
      token: owner.token,
      body: { kind: 'devices', format: 'csv', family: 'epm' },
    });
    expect(epm.code).toBe(ErrorCode.noPermission);
  });

  it('streams a day of 30,000 readings with progress and a bounded heap', async () => {
    const sn = `DDBIG${suffix()}`;
    const { devices } = await buildPlantWithDevices(t.deps, owner.user.id, [{ sn }], {
      time_zone: 'UTC',
    });
    await sql`
      INSERT INTO samples (device_id, ts, values)
      SELECT ${devices[0]!.id}, timestamptz '2026-06-01 00:00:00Z' + n * interval '800 milliseconds',
        jsonb_build_object('pac_w', n % 5000, 'e_day_kwh', n / 1000.0,
          'pv', jsonb_build_array(jsonb_build_object('v', 300 + n % 7, 'i', 1.5),
                                  jsonb_build_object('v', 301, 'i', 2.5)))
      FROM generate_series(0, 29999) AS n`.execute(t.deps.db);
    const { id } = await endpointData(t.app, createExport, {
      token: owner.token,
      body: { kind: 'deviceDay', format: 'csv', sn, date: '2026-06-01' },
    });
    const percents = new Set<number>();
    let peakHeap = 0;
    const baseHeap = process.memoryUsage().heapUsed;
    const files = {
      ...t.deps.files,
      put: (key: string, body: Readable) => {
        body.on('data', () => {
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        });
        return t.deps.files.put(key, body.pipe(new PassThrough()));
      },
    };
    const poll = setInterval(() => {
      void t.deps.db
        .selectFrom('exports')
        .select('percent')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => row && percents.add(row.percent));
    }, 50);
    await buildExportFile({ ...t.deps, files }, id, 3).finally(() => clearInterval(poll));
    const record = await endpointData(t.app, exportStatus, { token: owner.token, params: { id } });
    expect(record).toMatchObject({ status: 'ready', rowCount: 30_000 });
    // The job reports its progress while it writes.
    expect([...percents].some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(peakHeap - baseHeap).toBeLessThan(HEAP_LIMIT_BYTES);
    const rows = await csvRows(owner.token, id);
    expect(rows).toHaveLength(30_001);
    expect(rows[30_000]![0]).toBe('2026-06-01 06:39:59 +00:00');
  }, 180_000);
});
