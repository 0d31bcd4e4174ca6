import { createExport, ErrorCode, exportStatus, listDebugLog } from '@solar/contract';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile } from './export-build.js';
import { builtExportRow, downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

interface StoredCommand {
  name: string;
  state: 'done' | 'failed' | 'timedOut';
  createdAt: string;
  args?: object;
  result?: object | null;
  reason?: string | null;
}

/** An owner with a plant in `timeZone`, its datalogger and one inverter, and these commands. */
async function ownerWithCommands(timeZone: string, plantName: string, commands: StoredCommand[]) {
  const owner = await buildSignedInOwner(t.deps);
  const sn = `DLINV${randomUUID().slice(0, 8)}`;
  const { datalogger, devices } = await buildPlantWithDevices(t.deps, owner.user.id, [{ sn }], {
    name: plantName,
    time_zone: timeZone,
  });
  for (const command of commands) {
    const createdAt = new Date(command.createdAt);
    await t.deps.db
      .insertInto('device_commands')
      .values({
        id: randomUUID(),
        datalogger_id: datalogger.id,
        device_id: command.name === 'raw' ? null : devices[0]!.id,
        target_sn: command.name === 'raw' ? datalogger.sn : sn,
        name: command.name,
        state: command.state,
        user_id: owner.user.id,
        created_at: createdAt,
        sent_at: new Date(createdAt.getTime() + 1000),
        finished_at: new Date(createdAt.getTime() + 2000),
        deadline: new Date(createdAt.getTime() + 20_000),
        args: JSON.stringify(command.args ?? {}),
        result: command.result === undefined ? null : JSON.stringify(command.result),
        reason: command.reason ?? null,
      })
      .execute();
  }
  return { ...owner, sn, dataloggerSn: datalogger.sn };
}

/** Starts a debug-log export, runs its job as a worker would and reads the CSV back. */
async function exportedRows(token: string, filters: Record<string, string> = {}, lan = 'en') {
  const { id } = await endpointData(t.app, createExport, {
    token,
    body: { kind: 'debugLog', format: 'csv', lan: lan as 'en', ...filters },
  });
  await buildExportFile(t.deps, id, 3);
  const record = await endpointData(t.app, exportStatus, { token, params: { id } });
  expect(record).toMatchObject({ kind: 'debugLog', status: 'ready' });
  expect(record.fileName).toMatch(/^debug-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows: string[][] = parse(await downloadedExport(t.app, token, id), { bom: true });
  return { record, rows };
}

describe('debug log export', () => {
  it('refuses anonymous callers and callers without the debug log’s permission', async () => {
    const anonymous = await callEndpoint(t.app, createExport, {
      body: { kind: 'debugLog', format: 'csv' },
    });
    expect(anonymous.status).toBe(401);
    const viewer = await buildCompanyWithStaff(t.deps, ['station.view']);
    const list = await callEndpoint(t.app, listDebugLog, { token: viewer.staffToken });
    expect(list.code).toBe(ErrorCode.noPermission);
    const refused = await callEndpoint(t.app, createExport, {
      token: viewer.staffToken,
      body: { kind: 'debugLog', format: 'xlsx' },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const stored = await t.deps.db
      .selectFrom('exports')
      .select('id')
      .where('user_id', '=', viewer.staff.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('writes the owner’s raw exchanges only, headers in the language, times in the plant’s zone', async () => {
    const owner = await ownerWithCommands('Europe/Paris', 'Toit Nantes', [
      {
        name: 'raw',
        state: 'done',
        createdAt: '2026-03-29T00:30:00Z',
        args: { payload: 'AT+VER' },
        result: { reply: 'OK 1.2' },
      },
      // The communication log's, not the debug log's.
      { name: 'powerOff', state: 'done', createdAt: '2026-03-29T00:40:00Z', result: {} },
    ]);
    const other = await ownerWithCommands('UTC', 'Other roof', [
      { name: 'raw', state: 'done', createdAt: '2026-03-29T00:30:00Z', args: { payload: 'AT+X' } },
    ]);
    const { record, rows } = await exportedRows(owner.token, {}, 'fr');
    expect(record.rowCount).toBe(1);
    expect(rows).toEqual([
      [
        'Créée',
        'Centrale',
        'Enregistreur',
        'Utilisateur',
        'État',
        'Envoyée',
        'Terminée',
        'Requête',
        'Réponse',
        'Motif',
      ],
      [
        // Paris is on winter time (+01:00) until 01:00 UTC that night.
        '2026-03-29 01:30:00 +01:00',
        'Toit Nantes',
        owner.dataloggerSn,
        owner.user.email,
        'done',
        '2026-03-29 01:30:01 +01:00',
        '2026-03-29 01:30:02 +01:00',
        'AT+VER',
        'OK 1.2',
        '',
      ],
    ]);
    expect(rows.flat()).not.toContain(other.dataloggerSn);
  });

  it('selects what the list’s filters select: state, time range and SN, newest first', async () => {
    const owner = await ownerWithCommands('UTC', 'Filtered roof', [
      {
        name: 'raw',
        state: 'done',
        createdAt: '2026-04-01T08:00:00Z',
        args: { payload: 'AT+A' },
        result: { reply: 'OK A' },
      },
      {
        name: 'raw',
        state: 'failed',
        createdAt: '2026-04-02T08:00:00Z',
        args: { payload: 'AT+B' },
        reason: 'Unknown command',
      },
      {
        name: 'raw',
        state: 'timedOut',
        createdAt: '2026-04-03T23:59:00Z',
        args: { payload: 'AT+C' },
        reason: 'No reply before the deadline',
      },
      {
        name: 'raw',
        state: 'done',
        createdAt: '2026-04-04T00:00:00Z',
        args: { payload: 'AT+D' },
        result: { reply: 'OK D' },
      },
    ]);
    const requests = (rows: string[][]) => rows.slice(1).map((row) => row[7]);
    expect(requests((await exportedRows(owner.token)).rows)).toEqual([
      'AT+D',
      'AT+C',
      'AT+B',
      'AT+A',
    ]);
    // The end is excluded: the last minute of the last day counts, the next day's first moment
    // does not.
    const days = await exportedRows(owner.token, {
      from: '2026-04-02T00:00:00Z',
      to: '2026-04-04T00:00:00Z',
    });
    expect(requests(days.rows)).toEqual(['AT+C', 'AT+B']);
    expect(days.record.rowCount).toBe(2);
    const failed = await exportedRows(owner.token, { state: 'failed' });
    expect(failed.rows.slice(1)).toEqual([
      expect.objectContaining({ 7: 'AT+B', 8: '', 9: 'Unknown command' }),
    ]);
    const bySn = await exportedRows(owner.token, { sn: owner.dataloggerSn, state: 'done' });
    expect(requests(bySn.rows)).toEqual(['AT+D', 'AT+A']);
    // The list answers the same rows for the same filters.
    const list = await endpointData(t.app, listDebugLog, {
      token: owner.token,
      query: { from: '2026-04-02T00:00:00Z', to: '2026-04-04T00:00:00Z' },
    });
    expect(list.infos.map((command) => command.args.payload)).toEqual(['AT+C', 'AT+B']);
  });

  it('takes the range as instants: a local day cuts inside UTC days', async () => {
    const owner = await ownerWithCommands('Asia/Shanghai', 'Shanghai roof', [
      { name: 'raw', state: 'done', createdAt: '2026-11-24T15:30:00Z', args: { payload: 'AT+A' } },
      { name: 'raw', state: 'done', createdAt: '2026-11-24T23:30:00Z', args: { payload: 'AT+B' } },
      { name: 'raw', state: 'done', createdAt: '2026-11-25T00:30:00Z', args: { payload: 'AT+C' } },
      { name: 'raw', state: 'done', createdAt: '2026-11-25T16:00:00Z', args: { payload: 'AT+D' } },
    ]);
    const within = async (range: Record<string, string>) => {
      const list = await endpointData(t.app, listDebugLog, { token: owner.token, query: range });
      const payloads = list.infos.map((command) => command.args.payload);
      const { rows } = await exportedRows(owner.token, range);
      expect(rows.slice(1).map((row) => row[7])).toEqual(payloads);
      return payloads;
    };
    // 25 November in Shanghai: 16:00 UTC on the 24th up to 16:00 UTC on the 25th, excluded.
    expect(
      await within({ from: '2026-11-25T00:00:00+08:00', to: '2026-11-26T00:00:00+08:00' }),
    ).toEqual(['AT+C', 'AT+B']);
    // An end inside a UTC day; a start on a command includes it, an end on one does not.
    expect(await within({ to: '2026-11-25T00:00:00+01:00' })).toEqual(['AT+A']);
    expect(await within({ from: '2026-11-24T23:30:00Z', to: '2026-11-25T01:30:00+01:00' })).toEqual(
      ['AT+B'],
    );
  });

  it('refuses a range that ends before it starts, and bare days, with code 4', async () => {
    const owner = await buildSignedInOwner(t.deps);
    const reversed = { from: '2026-11-25T00:00:00+08:00', to: '2026-11-24T15:59:59Z' };
    for (const range of [reversed, { from: '2026-11-25' }]) {
      const list = await callEndpointLoosely(t.app, listDebugLog, {
        token: owner.token,
        query: range,
      });
      expect(list.code, JSON.stringify(range)).toBe(ErrorCode.validation);
      const started = await callEndpointLoosely(t.app, createExport, {
        token: owner.token,
        body: { kind: 'debugLog', format: 'csv', ...range },
      });
      expect(started.code, JSON.stringify(range)).toBe(ErrorCode.validation);
    }
    const stored = await t.deps.db
      .selectFrom('exports')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('fails the build when the owner lost the debug log’s permission since the request', async () => {
    const company = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const { id } = await endpointData(t.app, createExport, {
      token: company.staffToken,
      body: { kind: 'debugLog', format: 'csv' },
    });
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: ['station.view'] })
      .where('id', '=', company.role.id)
      .execute();
    expect(await builtExportRow(t.deps, id)).toEqual({ status: 'failed', object_key: null });
  });
});
