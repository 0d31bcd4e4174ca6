import { randomUUID } from 'node:crypto';
import { ErrorCode, exportMaintenanceLog, listMaintenanceLog } from '@solar/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatalogger, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let installer: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let plantId: number;

/**
 * Attempts on one inverter of the installer's plant, each to the version named by its time.
 * 1.0.4 falls in the last millisecond of 25 November in Shanghai, past its last whole one
 * (.999), and 1.0.5 at the first moment of the 26th.
 */
const ATTEMPTS = {
  '1.0.1': '2026-11-24T15:30:00Z',
  '1.0.2': '2026-11-24T23:30:00Z',
  '1.0.3': '2026-11-25T00:30:00Z',
  '1.0.4': '2026-11-25T15:59:59.999500Z',
  '1.0.5': '2026-11-25T16:00:00Z',
};

beforeAll(async () => {
  t = await buildTestApp();
  installer = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, installer.admin.id, { company_id: installer.company.id });
  plantId = plant.id;
  const datalogger = await buildDatalogger(t.deps, { plantId });
  await t.deps.db
    .insertInto('upgrade_jobs')
    .values(
      Object.entries(ATTEMPTS).map(([version, at]) => ({
        id: randomUUID(),
        batch_id: randomUUID(),
        kind: 'cut' as const,
        sn: `${datalogger.sn}-INV1`,
        device_kind: 'inverter',
        datalogger_id: datalogger.id,
        plant_id: plantId,
        to_version: version,
        firmware_file_name: 'inverter.bin',
        download_base_url: 'http://localhost',
        status: 'succeeded' as const,
        token_hash: randomUUID(),
        token_expires_at: new Date(at),
        // Through SQL: a Date would cut the microseconds.
        created_at: sql<Date>`${at}::timestamptz`,
      })),
    )
    .execute();
});

/** The versions of the attempts the list and the CSV select for a time range, newest first. */
async function versionsWithin(range: { from?: string; to?: string }) {
  const list = await endpointData(t.app, listMaintenanceLog, {
    token: installer.adminToken,
    query: { plantId, ...range },
  });
  const csv = await t.app.inject({
    method: 'GET',
    url: exportMaintenanceLog.path,
    query: { plantId: String(plantId), ...range },
    headers: { authorization: `Bearer ${installer.adminToken}` },
  });
  const rows: string[][] = parse(csv.body, { bom: true });
  const listed = list.infos.map((record) => record.toVersion);
  expect(rows.slice(1).map((row) => row[5])).toEqual(listed);
  return listed;
}

describe('maintenance log time range', () => {
  it('selects the instants of the range, the end excluded, in the list and the CSV', async () => {
    expect(await versionsWithin({})).toEqual(['1.0.5', '1.0.4', '1.0.3', '1.0.2', '1.0.1']);
    // 25 November in Shanghai: from 16:00 UTC the day before, not the UTC day, up to the first
    // moment of the 26th, so its last microseconds are in and the 26th is not.
    expect(
      await versionsWithin({
        from: '2026-11-25T00:00:00+08:00',
        to: '2026-11-26T00:00:00+08:00',
      }),
    ).toEqual(['1.0.4', '1.0.3', '1.0.2']);
    // A range that ends inside a UTC day, and ends that fall on attempts: the start is in, the
    // end is out.
    expect(await versionsWithin({ to: '2026-11-25T00:00:00+01:00' })).toEqual(['1.0.1']);
    expect(
      await versionsWithin({ from: '2026-11-24T23:30:00Z', to: '2026-11-25T01:30:00+01:00' }),
    ).toEqual(['1.0.2']);
  });

  it('refuses a range that ends before it starts, and bare days, with code 4', async () => {
    const reversed = { from: '2026-11-25T00:00:00+08:00', to: '2026-11-24T15:59:59Z' };
    for (const query of [reversed, { from: '2026-11-25' }, { to: '2026-11-25T23:59:59' }]) {
      for (const endpoint of [listMaintenanceLog, exportMaintenanceLog]) {
        const res = await callEndpointLoosely(t.app, endpoint, {
          token: installer.adminToken,
          query,
        });
        expect(res.code, `${endpoint.path} ${JSON.stringify(query)}`).toBe(ErrorCode.validation);
      }
    }
    const refused = await callEndpoint(t.app, listMaintenanceLog, {
      token: installer.adminToken,
      query: reversed,
    });
    expect(refused.data).toEqual({ fields: [{ field: 'to', message: expect.any(String) }] });
  });
});
