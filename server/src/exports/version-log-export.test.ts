import { createExport, exportStatus, versionTimeline } from '@solar/contract';
import { parse } from 'csv-parse/sync';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildExportFile } from './export-build.js';
import { builtExportRow, downloadedExport } from '../test/fixtures/exports.factories.js';

let t: TestApp;
/** A staff member whose role holds no permission at all: the update log is still theirs. */
let reader: Awaited<ReturnType<typeof buildCompanyWithStaff>>;

/** Versions of their own major number and years, so other tests' releases never match. */
const RELEASES = [
  { version: '97.1.0', at: '2097-03-01T10:00:00Z', notes: { en: 'Maps', fr: 'Cartes' } },
  { version: '97.2.0', at: '2097-03-02T23:59:59Z', notes: { en: 'Reports', zh: '报表' } },
  { version: '97.10.0', at: '2097-03-03T00:00:00Z', notes: { zh: '仅中文' } },
];

beforeAll(async () => {
  t = await buildTestApp();
  reader = await buildCompanyWithStaff(t.deps, []);
  await t.deps.db
    .insertInto('versions')
    .values(
      RELEASES.map((release) => ({
        version: release.version,
        released_at: new Date(release.at),
        notes: JSON.stringify(release.notes),
      })),
    )
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
});

type VersionLogBody = Omit<
  Extract<NonNullable<typeof createExport.body>['_input'], { kind: 'versionLog' }>,
  'kind'
>;

/** Starts a system-update-log export and runs its job as a worker would. */
async function exported(token: string, body: VersionLogBody) {
  const { id } = await endpointData(t.app, createExport, {
    token,
    body: { kind: 'versionLog', ...body },
  });
  await buildExportFile(t.deps, id, 3);
  const record = await endpointData(t.app, exportStatus, { token, params: { id } });
  return { record, file: await downloadedExport(t.app, token, id) };
}

describe('system update log export', () => {
  it('refuses anonymous callers and bad filters', async () => {
    const anonymous = await callEndpoint(t.app, createExport, {
      body: { kind: 'versionLog', format: 'csv' },
    });
    expect(anonymous.status).toBe(401);
    for (const range of [
      { from: '01.03.2097' },
      { from: '2097-03-01' },
      { from: '2097-03-02T00:00:00+01:00', to: '2097-03-01T22:59:59Z' },
    ]) {
      const refused = await callEndpoint(t.app, createExport, {
        token: reader.staffToken,
        body: { kind: 'versionLog', format: 'csv', ...range },
      });
      expect(refused.code, JSON.stringify(range)).toBe(4);
    }
  });

  it('is any signed-in user’s, like the list: notes in the file’s language, else English, else Chinese', async () => {
    const { record, file } = await exported(reader.staffToken, {
      format: 'csv',
      lan: 'fr',
      version: '97.',
      from: '2097-01-01T00:00:00Z',
      to: '2098-01-01T00:00:00Z',
    });
    expect(record).toMatchObject({ kind: 'versionLog', status: 'ready', rowCount: 3 });
    expect(record.fileName).toMatch(/^system-update-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows: string[][] = parse(file, { bom: true });
    expect(rows).toEqual([
      ['Numéro de version', 'Publiée (UTC)', 'Notes de version'],
      ['97.10.0', '2097-03-03 00:00:00', '仅中文'],
      ['97.2.0', '2097-03-02 23:59:59', 'Reports'],
      ['97.1.0', '2097-03-01 10:00:00', 'Cartes'],
    ]);
  });

  it('selects what the list’s filters select: part of the name and a range of instants', async () => {
    // 1 and 2 March of a user in UTC: the release at midnight on the 3rd, the end, is outside.
    const days = { from: '2097-03-01T00:00:00Z', to: '2097-03-03T00:00:00Z' };
    const { record, file } = await exported(reader.adminToken, {
      format: 'xlsx',
      lan: 'en',
      version: '97',
      ...days,
    });
    expect(record.rowCount).toBe(2);
    const sheet = XLSX.read(file).Sheets['system-update-log']!;
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })).toEqual([
      ['Version', 'Released (UTC)', 'Release notes'],
      ['97.2.0', '2097-03-02 23:59:59', 'Reports'],
      ['97.1.0', '2097-03-01 10:00:00', 'Maps'],
    ]);
    const list = await endpointData(t.app, versionTimeline, {
      token: reader.staffToken,
      query: { lan: 'en', version: '97', ...days },
    });
    expect(list.infos.map((item) => item.version)).toEqual(['97.2.0', '97.1.0']);
    // 3 March in Tokyo starts at 15:00 UTC on the 2nd: the release at 23:59:59 UTC is its.
    const tokyo = await endpointData(t.app, versionTimeline, {
      token: reader.staffToken,
      query: {
        lan: 'en',
        version: '97',
        from: '2097-03-03T00:00:00+09:00',
        to: '2097-03-04T00:00:00+09:00',
      },
    });
    expect(tokyo.infos.map((item) => item.version)).toEqual(['97.10.0', '97.2.0']);
    const named = await exported(reader.adminToken, {
      format: 'csv',
      version: '97.1',
      from: '2097-01-01T00:00:00Z',
    });
    expect(parse(named.file, { bom: true }).slice(1)).toEqual([
      ['97.10.0', '2097-03-03 00:00:00', '仅中文'],
      ['97.1.0', '2097-03-01 10:00:00', 'Maps'],
    ]);
  });

  it('fails the build when the owner’s account was disabled since the request', async () => {
    const company = await buildCompanyWithStaff(t.deps, []);
    const { id } = await endpointData(t.app, createExport, {
      token: company.staffToken,
      body: { kind: 'versionLog', format: 'csv' },
    });
    await t.deps.db
      .updateTable('users')
      .set({ is_enabled: false })
      .where('id', '=', company.staff.id)
      .execute();
    expect(await builtExportRow(t.deps, id)).toEqual({ status: 'failed', object_key: null });
  });
});
