import { createReportConfig, listDownloads, listReportConfigs } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { runDueReports } from './report-jobs.js';

/** Two apps on one database, as two server processes. */
let first: TestApp;
let second: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;

beforeAll(async () => {
  [first, second] = await Promise.all([buildTestApp(), buildTestApp()]);
  company = await buildCompanyWithStaff(first.deps, ['workdata.view']);
  await buildPlant(first.deps, company.admin.id, { company_id: company.company.id });
});

/** A configuration of the staff user (or `token`'s owner) due a minute before `dueAt`. */
async function dueConfig(
  name: string,
  schedule: string,
  { timeZone = 'UTC', dueAt = new Date(), token = company.staffToken } = {},
) {
  const { id } = await endpointData(first.app, createReportConfig, {
    token,
    body: {
      name,
      plantIds: [],
      period: 'day',
      grouping: 'plant',
      columns: ['energyKwh'],
      language: 'de',
      format: 'xlsx',
      schedule,
      timeZone,
    },
  });
  // As if the process had been down when the rule fired.
  await first.deps.db
    .updateTable('report_configs')
    .set({ next_run_at: new Date(dueAt.getTime() - 60_000) })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('scheduled reports', () => {
  it('produce one file per due slot with two processes running the scheduler at once', async () => {
    const id = await dueConfig('Daily', '0 5 * * *');
    const now = new Date();
    await Promise.all([runDueReports(first.deps, now), runDueReports(second.deps, now)]);
    const downloads = await endpointData(first.app, listDownloads, {
      token: company.staffToken,
      query: {},
    });
    expect(downloads.infos).toHaveLength(1);
    expect(downloads.infos[0]).toMatchObject({ kind: 'report', format: 'xlsx' });
    const configs = await endpointData(first.app, listReportConfigs, {
      token: company.staffToken,
      query: {},
    });
    const config = configs.infos.find((row) => row.id === id)!;
    expect(config.lastExportId).toBe(downloads.infos[0]!.id);
    const next = new Date(config.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(now.getTime());
    expect(next.getUTCHours()).toBe(5);
    // Nothing is due any more.
    expect(await runDueReports(second.deps, now)).toBe(0);
  });

  it('skip an owner who lost the report permission but move the rule on', async () => {
    const id = await dueConfig('Daily lost', '30 4 * * *');
    await first.deps.db
      .updateTable('users')
      .set({ is_enabled: false })
      .where('id', '=', company.staff.id)
      .execute();
    await runDueReports(first.deps);
    const row = await first.deps.db
      .selectFrom('report_configs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_export_id).toBeNull();
    expect(row.next_run_at!.getTime()).toBeGreaterThan(Date.now());
  });

  it('move a rule on in its owner’s zone across the spring daylight-saving change', async () => {
    // Berlin changes to summer time (UTC+2) on 29 March 2026; 06:00 local stays 06:00 local.
    const now = new Date('2026-03-28T12:00:00Z');
    const id = await dueConfig('Daily Berlin', '0 6 * * *', {
      timeZone: 'Europe/Berlin',
      dueAt: now,
      // The staff user was disabled above.
      token: company.adminToken,
    });
    await runDueReports(first.deps, now);
    const row = await first.deps.db
      .selectFrom('report_configs')
      .select('next_run_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at?.toISOString()).toBe('2026-03-29T04:00:00.000Z');
  });
});
