import { randomUUID } from 'node:crypto';
import {
  campaignDetail,
  changeCampaign,
  createCampaign,
  createCampaignBody,
  type CreateCampaignBody,
  type EndpointBody,
  ErrorCode,
  listCampaigns,
} from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInOwner, buildCompanyWithStaff } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildTestApp, jobDepsOf, type TestApp } from '../test/test-app.js';
import { loadEnabledUser } from '../auth/auth-context.js';
import { buildDatalogger, buildPlant } from '../test/fixtures/plants.factories.js';
import { startDueUpgrades } from '../upgrades/upgrades-jobs.js';
import { UpgradesService } from '../upgrades/upgrades.service.js';
import { CampaignEngine } from './campaign-engine.js';
import { advanceCampaigns, OPEN_WAVE_STEP_SECONDS } from './campaigns-jobs.js';
import {
  addPlant,
  buildFleet,
  settleJobs,
  uploadFirmwareFor,
  waveSizesOf,
} from '../test/fixtures/campaigns.fixtures.js';
import { CampaignsService } from './campaigns.service.js';

const munich = { latitude: 48.14, longitude: 11.58, time_zone: 'Europe/Berlin' };
const sydney = { latitude: -33.87, longitude: 151.21, time_zone: 'Australia/Sydney' };

let t: TestApp;
let installer: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let owner: { userId: number; companyId: number };
let engine: CampaignEngine;

beforeAll(async () => {
  t = await buildTestApp();
  installer = await buildCompanyWithStaff(t.deps, ['inverter.view']);
  owner = { userId: installer.admin.id, companyId: installer.company.id };
  engine = new CampaignEngine(t.deps.db, t.deps.jobs);
});

async function startCampaign(body: Partial<CreateCampaignBody> & { firmwareId: number }) {
  return endpointData(t.app, createCampaign, {
    token: installer.adminToken,
    body: { name: 'Fleet', window: { mode: 'any' }, ...body },
  });
}

const detailOf = (campaignId: string) =>
  endpointData(t.app, campaignDetail, { token: installer.adminToken, params: { campaignId } });

/** Asks for `action` on the campaign, signed in with `token`; answers the envelope. */
const askCampaignAction = (
  token: string,
  campaignId: string,
  action: EndpointBody<typeof changeCampaign>['action'],
) => callEndpoint(t.app, changeCampaign, { token, params: { campaignId }, body: { action } });

const jobsPerDevice = (campaignId: string) =>
  t.deps.db
    .selectFrom('upgrade_jobs')
    .select(({ fn }) => ['sn', fn.countAll<string>().as('jobs')])
    .where('batch_id', '=', campaignId)
    .groupBy('sn')
    .execute();

describe('campaign waves', () => {
  it('runs a canary, then growing waves, and completes with every device upgraded', async () => {
    const fleet = await buildFleet(t.deps, owner, 10);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 10, growthFactor: 2 });
    expect(campaign).toMatchObject({ status: 'running', currentWave: 1, totalDevices: 10 });
    expect(campaign.counts).toMatchObject({ sent: 1, pending: 9 });
    for (let step = 0; step < 6; step += 1) {
      await settleJobs(t.deps, campaign.id, () => 'succeeded');
      await engine.advance(campaign.id);
    }
    expect(await waveSizesOf(t.deps, campaign.id)).toEqual([
      { number: 1, size: 1 },
      { number: 2, size: 2 },
      { number: 3, size: 4 },
      { number: 4, size: 3 },
    ]);
    const detail = await detailOf(campaign.id);
    expect(detail.campaign).toMatchObject({ status: 'completed' });
    expect(detail.campaign.counts.succeeded).toBe(10);
    expect(detail.waves.every((wave) => wave.failed === 0 && wave.open === 0)).toBe(true);
    const versions = await t.deps.db
      .selectFrom('devices')
      .select('firmware_version')
      .where('sn', 'in', fleet.sns)
      .execute();
    expect(versions.every((row) => row.firmware_version === '2.0')).toBe(true);
  });

  it('pauses itself when a wave fails above the threshold; resume and retry go on', async () => {
    const fleet = await buildFleet(t.deps, owner, 10);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({
      firmwareId,
      canaryPercent: 20,
      growthFactor: 2,
      failureThresholdPercent: 20,
    });
    const failing = new Set(fleet.sns.slice(0, 1));
    await settleJobs(t.deps, campaign.id, (sn) => (failing.has(sn) ? 'failed' : 'succeeded'));
    await engine.advance(campaign.id);
    let detail = await detailOf(campaign.id);
    expect(detail.campaign).toMatchObject({ status: 'paused', pauseReason: 'failureRate' });
    expect(detail.waves[0]).toMatchObject({
      size: 2,
      succeeded: 1,
      failed: 1,
      failureRatePercent: 50,
    });
    expect(await engine.advance(campaign.id)).toBe(false);
    expect(await waveSizesOf(t.deps, campaign.id)).toHaveLength(1);

    const resumed = await endpointData(t.app, changeCampaign, {
      token: installer.adminToken,
      params: { campaignId: campaign.id },
      body: { action: 'resume' },
    });
    expect(resumed.status).toBe('running');
    await engine.advance(campaign.id);
    detail = await detailOf(campaign.id);
    expect(detail.waves.map((wave) => wave.size)).toEqual([2, 4]);

    await endpointData(t.app, changeCampaign, {
      token: installer.adminToken,
      params: { campaignId: campaign.id },
      body: { action: 'pause' },
    });
    const held = await new UpgradesService(t.deps.db).dueCutJobs(1000);
    const waiting = await t.deps.db
      .selectFrom('upgrade_jobs')
      .select('id')
      .where('batch_id', '=', campaign.id)
      .where('status', '=', 'scheduled')
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    expect(held.filter((id) => waiting.some((job) => job.id === id))).toEqual([]);
    const retried = await endpointData(t.app, changeCampaign, {
      token: installer.adminToken,
      params: { campaignId: campaign.id },
      body: { action: 'retryFailed' },
    });
    expect(retried).toMatchObject({ status: 'running' });
    const due = await new UpgradesService(t.deps.db).dueCutJobs(1000);
    expect(waiting.every((job) => due.includes(job.id))).toBe(true);
    expect(retried.counts.failed).toBe(0);
  });

  it('retries offline devices later and reports them after the campaign’s retries', async () => {
    const fleet = await buildFleet(t.deps, owner, 3);
    const offline = fleet.sns[0]!;
    await t.deps.db
      .updateTable('devices')
      .set({ status: 'offline' })
      .where('sn', '=', offline)
      .execute();
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 50, offlineRetries: 1 });
    let now = Date.now();
    for (let step = 0; step < 5; step += 1) {
      now += 11 * 60_000;
      await settleJobs(t.deps, campaign.id, () => 'succeeded');
      await engine.advance(campaign.id, new Date(now));
    }
    const detail = await detailOf(campaign.id);
    const device = detail.devices.find((row) => row.sn === offline)!;
    expect(device).toMatchObject({ status: 'offline', offlineChecks: 2, wave: null });
    expect(detail.campaign).toMatchObject({ status: 'completed' });
    expect(detail.campaign.counts).toMatchObject({ succeeded: 2, offline: 1 });
  });

  it('skips the devices that reached the version before their wave', async () => {
    const fleet = await buildFleet(t.deps, owner, 4);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 25, growthFactor: 3 });
    const pending = fleet.sns.slice(1, 3);
    await t.deps.db
      .updateTable('devices')
      .set({ firmware_version: '2.0' })
      .where('sn', 'in', pending)
      .execute();
    await settleJobs(t.deps, campaign.id, () => 'succeeded');
    await engine.advance(campaign.id);
    const detail = await detailOf(campaign.id);
    const skipped = detail.devices.filter((row) => row.status === 'skipped');
    expect(skipped.map((row) => row.sn).sort()).toEqual(pending.sort());
    expect(skipped.every((row) => row.reason === 'Already runs 2.0')).toBe(true);
    expect(detail.waves.map((wave) => wave.size)).toEqual([1, 1]);
  });

  it('cancel leaves alone a device another upgrade is running on', async () => {
    const fleet = await buildFleet(t.deps, owner, 2);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 50 });
    const [canary] = await sentSns(campaign.id);
    // The wave's job waits (scheduled) while the device runs a single upgrade of its own.
    await t.deps.db
      .updateTable('devices')
      .set({ status: 'upgrading' })
      .where('sn', '=', canary!)
      .execute();
    await endpointData(t.app, changeCampaign, {
      token: installer.adminToken,
      params: { campaignId: campaign.id },
      body: { action: 'cancel' },
    });
    const device = await t.deps.db
      .selectFrom('devices')
      .select('status')
      .where('sn', '=', canary!)
      .executeTakeFirstOrThrow();
    expect(device.status).toBe('upgrading');
    expect((await detailOf(campaign.id)).campaign.counts).toMatchObject({ canceled: 2 });
  });

  it('sends a device one upgrade at a time when two campaigns reach it in the same minute', async () => {
    const fleet = await buildFleet(t.deps, owner, 1);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const first = await startCampaign({ firmwareId, name: 'First' });
    const second = await startCampaign({ firmwareId, name: 'Second' });
    const jobs = await t.deps.db
      .selectFrom('upgrade_jobs')
      .select(['id', 'batch_id'])
      .where('sn', '=', fleet.sns[0]!)
      .where('status', '=', 'scheduled')
      .execute();
    expect(jobs.map((job) => job.batch_id).sort()).toEqual([first.id, second.id].sort());
    const due = await new UpgradesService(t.deps.db).dueCutJobs(1000);
    const dueForDevice = jobs.filter((job) => due.includes(job.id));
    expect(dueForDevice.map((job) => job.batch_id)).toEqual([first.id]);
  });

  it('holds back a second upgrade of a device that is already being sent one', async () => {
    const fleet = await buildFleet(t.deps, owner, 1);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const first = await startCampaign({ firmwareId, name: 'Running' });
    const second = await startCampaign({ firmwareId, name: 'Waiting' });
    const jobOf = async (batchId: string) =>
      t.deps.db
        .selectFrom('upgrade_jobs')
        .selectAll()
        .where('batch_id', '=', batchId)
        .where('sn', '=', fleet.sns[0]!)
        .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('upgrade_jobs')
      .set({ status: 'downloading', started_at: new Date() })
      .where('id', '=', (await jobOf(first.id)).id)
      .execute();
    const upgrades = new UpgradesService(t.deps.db);
    const held = await upgrades.dispatch(t.app.commands, (await jobOf(second.id)).id);
    expect(held.status).toBe('scheduled');
    // A hand-started job (stored as `sending`) meeting a running upgrade fails with a reason.
    await t.deps.db
      .updateTable('upgrade_jobs')
      .set({ status: 'sending' })
      .where('id', '=', held.id)
      .execute();
    const refused = await upgrades.dispatch(t.app.commands, held.id);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused.failure_reason).toMatch(/Another upgrade/);
  });

  it('fails the devices of a wave that did not report before the wave timed out', async () => {
    const fleet = await buildFleet(t.deps, owner, 2);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 50, waveTimeoutMinutes: 5 });
    await engine.advance(campaign.id, new Date(Date.now() + 6 * 60_000));
    const detail = await detailOf(campaign.id);
    expect(detail.campaign).toMatchObject({ status: 'paused', pauseReason: 'failureRate' });
    expect(detail.devices[0]!.reason).toMatch(/timed out/);
  });
});

/** Created through the service, so the first step can be taken at a chosen instant. */
async function createWithoutWindow(firmwareId: number) {
  const auth = (await loadEnabledUser(t.deps.db, owner.userId))!.context;
  const body = createCampaignBody.parse({
    name: 'Default window',
    firmwareId,
    canaryPercent: 50,
    growthFactor: 1,
    maxWaveSize: 4,
  });
  return new CampaignsService(t.deps.db).create(auth, body, 'http://x');
}

async function sentSns(campaignId: string): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('upgrade_campaign_devices')
    .select('sn')
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'sent')
    .execute();
  return rows.map((row) => row.sn).sort();
}

describe('campaign windows', () => {
  it('datalogger firmware without a window goes any time: at noon in Munich too', async () => {
    const plant = await buildPlant(t.deps, owner.userId, {
      company_id: owner.companyId,
      ...munich,
    });
    const model = `L${randomUUID().slice(0, 6)}`;
    const noonInMunich = new Date('2026-11-23T11:00:00Z');
    const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
    await t.deps.db
      .updateTable('dataloggers')
      .set({ hardware_version: model, software_version: '1.0', last_online_at: noonInMunich })
      .where('id', '=', datalogger.id)
      .execute();
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, model, { equipType: 1 });
    const campaign = await createWithoutWindow(firmwareId);
    expect(campaign.window_mode).toBe('any');
    await engine.advance(campaign.id, noonInMunich);
    expect(await sentSns(campaign.id)).toEqual([datalogger.sn]);
  });

  it('sends at night by each plant’s position: at 12:00 UTC Sydney goes, Munich waits', async () => {
    const fleet = await buildFleet(t.deps, owner, 2, munich);
    const sydneySns = await addPlant(t.deps, owner, fleet.model, 2, sydney);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    // Inverter firmware without a window waits for the night.
    const campaign = await createWithoutWindow(firmwareId);
    await engine.advance(campaign.id, new Date('2026-11-23T12:00:00Z'));
    expect(await sentSns(campaign.id)).toEqual([...sydneySns].sort());
    await settleJobs(t.deps, campaign.id, () => 'succeeded');
    await engine.advance(campaign.id, new Date('2026-11-23T13:00:00Z'));
    expect(await waveSizesOf(t.deps, campaign.id)).toHaveLength(1);
    await engine.advance(campaign.id, new Date('2026-11-23T22:00:00Z'));
    expect(await waveSizesOf(t.deps, campaign.id)).toEqual([
      { number: 1, size: 2 },
      { number: 2, size: 2 },
    ]);
  });
});

describe('stored state and concurrent workers', () => {
  it('two engines stepping at once send each device once and start one wave', async () => {
    const fleet = await buildFleet(t.deps, owner, 8);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 25, growthFactor: 3 });
    await settleJobs(t.deps, campaign.id, () => 'succeeded');
    const other = new CampaignEngine(t.deps.db, t.deps.jobs);
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? engine : other).advance(campaign.id)),
    );
    expect(await waveSizesOf(t.deps, campaign.id)).toEqual([
      { number: 1, size: 2 },
      { number: 2, size: 6 },
    ]);
    const jobs = await jobsPerDevice(campaign.id);
    expect(jobs).toHaveLength(8);
    expect(jobs.every((row) => Number(row.jobs) === 1)).toBe(true);
  });

  it('a step that leaves jobs to send queues their dispatch at once, not at the next minute', async () => {
    const waitingDispatch = sql`
      SELECT id FROM pgboss.job WHERE name = ${startDueUpgrades.name} AND state = 'created'`;
    await sql`DELETE FROM pgboss.job WHERE name = ${startDueUpgrades.name} AND state = 'created'`.execute(
      t.deps.db,
    );
    const fleet = await buildFleet(t.deps, owner, 2);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    await startCampaign({ firmwareId, canaryPercent: 50 });
    expect((await waitingDispatch.execute(t.deps.db)).rows).toHaveLength(1);
  });

  it('while a wave is open, the step job queues itself again within seconds', async () => {
    const queued = sql<{ seconds: number }>`
      SELECT extract(epoch FROM start_after - now())::float AS seconds FROM pgboss.job
       WHERE name = ${advanceCampaigns.name} AND state = 'created'`;
    await sql`DELETE FROM pgboss.job WHERE name = ${advanceCampaigns.name} AND state = 'created'`.execute(
      t.deps.db,
    );
    const fleet = await buildFleet(t.deps, owner, 2);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    await startCampaign({ firmwareId, canaryPercent: 50 });
    await advanceCampaigns.run(jobDepsOf(t), {});
    const [again] = (await queued.execute(t.deps.db)).rows;
    expect(again?.seconds).toBeGreaterThan(OPEN_WAVE_STEP_SECONDS - 5);
    expect(again?.seconds).toBeLessThanOrEqual(OPEN_WAVE_STEP_SECONDS);
  });

  it('a restarted process goes on from the stored state through the queued job', async () => {
    const fleet = await buildFleet(t.deps, owner, 4);
    const firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    const campaign = await startCampaign({ firmwareId, canaryPercent: 25 });
    await settleJobs(t.deps, campaign.id, () => 'succeeded');
    // A fresh app on the same database: nothing of the first process's memory is left.
    const restarted = await buildTestApp();
    await advanceCampaigns.run(jobDepsOf(restarted), {});
    await settleJobs(restarted.deps, campaign.id, () => 'succeeded');
    await advanceCampaigns.run(jobDepsOf(restarted), {});
    await settleJobs(restarted.deps, campaign.id, () => 'succeeded');
    await advanceCampaigns.run(jobDepsOf(restarted), {});
    const detail = await detailOf(campaign.id);
    expect(detail.waves.map((wave) => wave.size)).toEqual([1, 2, 1]);
    expect(detail.campaign.status).toBe('completed');
  });
});

describe('who may run campaigns', () => {
  let firmwareId: number;
  let campaignId: string;

  beforeAll(async () => {
    const fleet = await buildFleet(t.deps, owner, 3);
    firmwareId = await uploadFirmwareFor(t, installer.adminToken, fleet.model);
    campaignId = (await startCampaign({ firmwareId, canaryPercent: 10 })).id;
  });

  it('answers bad input with the validation code', async () => {
    const bad = [
      { name: 'x', firmwareId, window: { mode: 'hours', start: '22:00' } },
      { name: 'x', firmwareId, canaryPercent: 0 },
      { name: 'x', firmwareId, window: { mode: 'hours', start: '25:00', end: '03:00' } },
      { name: '', firmwareId },
      { name: 'x', firmwareId, extra: 1 },
    ];
    for (const body of bad) {
      const res = await callEndpointLoosely(t.app, createCampaign, {
        token: installer.adminToken,
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('refuses a caller without the permission, another company, and a foreign firmware', async () => {
    const withoutPermission = await callEndpoint(t.app, createCampaign, {
      token: installer.staffToken,
      body: { name: 'x', firmwareId },
    });
    expect(withoutPermission.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps);
    const foreignFirmware = await callEndpoint(t.app, createCampaign, {
      token: other.adminToken,
      body: { name: 'x', firmwareId },
    });
    expect(foreignFirmware.code).toBe(ErrorCode.firmwareNotFound);
    const foreignCompany = await callEndpoint(t.app, createCampaign, {
      token: installer.adminToken,
      body: { name: 'x', firmwareId, companyId: other.company.id },
    });
    expect(foreignCompany.code).toBe(ErrorCode.noPermission);
    for (const endpoint of [campaignDetail] as const) {
      const res = await callEndpoint(t.app, endpoint, {
        token: other.adminToken,
        params: { campaignId },
      });
      expect(res.code).toBe(ErrorCode.campaignNotFound);
    }
    const foreignAction = await askCampaignAction(other.adminToken, campaignId, 'cancel');
    expect(foreignAction.code).toBe(ErrorCode.campaignNotFound);
    const list = await endpointData(t.app, listCampaigns, { token: other.adminToken });
    expect(list.infos.map((row) => row.id)).not.toContain(campaignId);
    const viewer = await endpointData(t.app, listCampaigns, { token: installer.staffToken });
    expect(viewer.infos.map((row) => row.id)).toContain(campaignId);
    const stranger = await buildSignedInOwner(t.deps);
    const strangerRes = await callEndpoint(t.app, campaignDetail, {
      token: stranger.token,
      params: { campaignId },
    });
    expect(strangerRes.code).not.toBe(0);
  });

  it('answers 4007 when no device matches and 4008 for an action the state refuses', async () => {
    const none = await callEndpoint(t.app, createCampaign, {
      token: installer.adminToken,
      body: { name: 'x', firmwareId, fromVersion: '9.9' },
    });
    expect(none.code).toBe(ErrorCode.campaignNoTargets);
    const resumeRunning = await askCampaignAction(installer.adminToken, campaignId, 'resume');
    expect(resumeRunning.code).toBe(ErrorCode.campaignStateRefused);
  });

  it('50 parallel pauses: one pauses, the others are refused by the state', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        askCampaignAction(installer.adminToken, campaignId, 'pause'),
      ),
    );
    expect(answers.filter((res) => res.code === 0)).toHaveLength(1);
    expect(answers.filter((res) => res.code === ErrorCode.campaignStateRefused)).toHaveLength(49);
  });

  it('cancels: pending devices and unsent jobs are canceled, nothing more is sent', async () => {
    const canceled = await endpointData(t.app, changeCampaign, {
      token: installer.adminToken,
      params: { campaignId },
      body: { action: 'cancel' },
    });
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.counts).toMatchObject({ pending: 0, sent: 0, canceled: 3 });
    const jobs = await t.deps.db
      .selectFrom('upgrade_jobs')
      .select('status')
      .where('batch_id', '=', campaignId)
      .execute();
    expect(jobs.map((job) => job.status)).toEqual(['canceled']);
    expect(await engine.advance(campaignId)).toBe(false);
  });
});
