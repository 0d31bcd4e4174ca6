import { createExport, ErrorCode, exportStatus, listCommunicationLog } from '@solar/contract';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile, deleteExpiredExports } from './export-build.js';
import { downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const HOUR_MS = 3600_000;

/**
 * An owner with a plant in `timeZone` and a finished command sent to its inverter at each of
 * `sentAt` (one at 00:30 UTC on 29 March 2026 unless told).
 */
async function ownerWithCommand(
  timeZone: string,
  plantName: string,
  sentAt = ['2026-03-29T00:30:00Z'],
) {
  const owner = await buildSignedInOwner(t.deps);
  const sn = `CLINV${randomUUID().slice(0, 8)}`;
  const { datalogger, devices } = await buildPlantWithDevices(t.deps, owner.user.id, [{ sn }], {
    name: plantName,
    time_zone: timeZone,
  });
  for (const at of sentAt) {
    const createdAt = new Date(at).getTime();
    await t.deps.db
      .insertInto('device_commands')
      .values({
        id: randomUUID(),
        datalogger_id: datalogger.id,
        device_id: devices[0]!.id,
        target_sn: sn,
        name: 'powerOff',
        state: 'done',
        user_id: owner.user.id,
        created_at: new Date(createdAt),
        sent_at: new Date(createdAt + 1000),
        finished_at: new Date(createdAt + HOUR_MS + 2000),
        deadline: new Date(createdAt + 2 * HOUR_MS),
        args: JSON.stringify({}),
        result: JSON.stringify({ switch: 'off' }),
      })
      .execute();
  }
  return { ...owner, sn };
}

describe('communication log export', () => {
  it('writes the owner’s own commands only, headers in the language, times in the plant’s zone', async () => {
    const owner = await ownerWithCommand('Europe/Paris', 'Toit Lyon');
    const other = await ownerWithCommand('UTC', 'Other roof');
    const { id } = await endpointData(t.app, createExport, {
      token: owner.token,
      body: { kind: 'commandLog', format: 'csv', lan: 'fr' },
    });
    await buildExportFile(t.deps, id, 3);
    const record = await endpointData(t.app, exportStatus, { token: owner.token, params: { id } });
    expect(record).toMatchObject({ kind: 'commandLog', status: 'ready', rowCount: 1 });
    const rows: string[][] = parse(await downloadedExport(t.app, owner.token, id), { bom: true });
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Créée',
      'Centrale',
      'Enregistreur',
      'Cible',
      'Commande',
      'État',
    ]);
    expect(rows).toHaveLength(2);
    // Paris switches to summer time at 01:00 UTC that night.
    expect(rows[1]).toMatchObject({
      0: '2026-03-29 01:30:00 +01:00',
      1: 'Toit Lyon',
      3: owner.sn,
      4: 'powerOff',
      5: 'done',
      8: '2026-03-29 03:30:02 +02:00',
      11: '{"switch":"off"}',
    });
    expect(rows.flat()).not.toContain(other.sn);
  });

  it('removes the file and its record once it expires', async () => {
    const owner = await ownerWithCommand('UTC', 'Expiring roof');
    const { id } = await endpointData(t.app, createExport, {
      token: owner.token,
      body: { kind: 'commandLog', format: 'xlsx' },
    });
    await buildExportFile(t.deps, id, 3);
    const record = await endpointData(t.app, exportStatus, { token: owner.token, params: { id } });
    const key = `exports/${id}/${record.fileName}`;
    const expiresAt = Date.parse(record.expiresAt!);
    expect(expiresAt - Date.now()).toBeGreaterThan(
      (t.deps.config.EXPORT_RETENTION_HOURS - 1) * 3600_000,
    );
    await deleteExpiredExports(t.deps, new Date());
    expect(await t.deps.files.stat(key)).not.toBeNull();
    // Its expiry moves into the past (not the clock past every record: other tests' stay).
    await t.deps.db
      .updateTable('exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await deleteExpiredExports(t.deps, new Date());
    expect(await t.deps.files.stat(key)).toBeNull();
    const left = await t.deps.db.selectFrom('exports').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('selects the list’s time range as instants, the end excluded', async () => {
    const owner = await ownerWithCommand('Europe/Berlin', 'Dach Berlin', [
      '2026-11-24T23:30:00Z',
      '2026-11-25T00:30:00Z',
    ]);
    // The first hour of 25 November in Berlin is the last hour of the UTC day before.
    const range = { from: '2026-11-25T00:00:00+01:00', to: '2026-11-25T01:00:00+01:00' };
    const list = await endpointData(t.app, listCommunicationLog, {
      token: owner.token,
      query: range,
    });
    expect(list.infos.map((command) => command.createdAt)).toEqual(['2026-11-24T23:30:00.000Z']);
    const { id } = await endpointData(t.app, createExport, {
      token: owner.token,
      body: { kind: 'commandLog', format: 'csv', ...range },
    });
    await buildExportFile(t.deps, id, 3);
    const rows: string[][] = parse(await downloadedExport(t.app, owner.token, id), { bom: true });
    expect(rows.slice(1).map((row) => row[0])).toEqual(['2026-11-25 00:30:00 +01:00']);
  });

  it('refuses a range that ends before it starts with code 4', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const reversed = { from: '2026-11-25T00:00:00+01:00', to: '2026-11-24T22:59:59Z' };
    const list = await callEndpoint(t.app, listCommunicationLog, {
      token: owner.token,
      query: reversed,
    });
    expect(list.code).toBe(ErrorCode.validation);
    const started = await callEndpoint(t.app, createExport, {
      token: owner.token,
      body: { kind: 'commandLog', format: 'csv', ...reversed },
    });
    expect(started.code).toBe(ErrorCode.validation);
  });
});
