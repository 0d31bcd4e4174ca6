import { randomUUID } from 'node:crypto';
import {
  createShareLink,
  createSwitchTask,
  deleteSwitchTask,
  type EpmSettings,
  ErrorCode,
  FAMILY_ENDPOINTS,
  LEAKAGE_TEST_SECONDS,
  listSwitchTasks,
  publicRealtime,
  readEpmSettings,
  runLeakageTest,
  switchOff,
  switchOn,
  writeEpmSettings,
} from '@solar/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkerDeps } from '../job-types.js';
import { testQueue, uniqueQueueSchema } from '../test/fixtures/job-queue.fixtures.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { buildDatalogger, buildDevice } from '../test/fixtures/plants.factories.js';
import { ShareLinkTokens } from '../share-links/share-link-tokens.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { connectLiveDevices, until } from '../test/live-devices.js';
import { buildTestApp, jobDepsOf, type TestApp } from '../test/test-app.js';
import { dispatchDueTasks, runSwitchTask, SWITCH_TASK_ATTEMPTS } from './switch-tasks.store.js';
import { runSender, runSwitchTaskJob } from './switches-jobs.js';

/**
 * Switches, their timed tasks and the EPM end to end: the real app, broker, database, job
 * queue, and the simulator's datalogger on the device side.
 */
let t: TestApp;
let queue: JobQueue<WorkerDeps>;
let token: string;
let outsiderToken: string;
let plantId: number;
const dataloggerSn = `SWDL${randomUUID().slice(0, 8)}`;
const switchSn = `${dataloggerSn}-SW1`;
const epmSn = `${dataloggerSn}-EPM`;

const valuesOf = async (sn: string) => {
  const row = await t.deps.db
    .selectFrom('devices')
    .select('last_values')
    .where('sn', '=', sn)
    .executeTakeFirst();
  return (row?.last_values ?? {}) as Record<string, unknown>;
};

async function taskRow(id: number) {
  return t.deps.db
    .selectFrom('switch_tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function runsOf(taskId: number) {
  return t.deps.db
    .selectFrom('switch_task_runs')
    .selectAll()
    .where('task_id', '=', taskId)
    .execute();
}

/** A repeating task whose run was due a minute ago (missed while no process ran). */
async function overdueTask(sn: string, action: 'on' | 'off') {
  const created = await callEndpoint(t.app, createSwitchTask, {
    params: { sn },
    token,
    body: { kind: 'repeat', action, weekdays: [0, 1, 2, 3, 4, 5, 6], time: '03:00' },
  });
  expect(created.code, created.msg).toBe(ErrorCode.ok);
  await t.deps.db
    .updateTable('switch_tasks')
    .set({ next_run_at: new Date(Date.now() - 60_000) })
    .where('id', '=', created.data.id)
    .execute();
  return created.data.id;
}

beforeAll(async () => {
  // No test here waits for a timeout: a busy machine (CI's second pass on an external broker)
  // must not turn a slow confirmation into a failed run.
  t = await buildTestApp({ COMMAND_TIMEOUT_MS: '15000' });
  const devices = await connectLiveDevices(t, 'switch');
  const installer = await buildCompanyWithStaff(t.deps);
  token = installer.adminToken;
  outsiderToken = (await buildCompanyWithStaff(t.deps)).adminToken;
  plantId = await devices.simulateBerlinPlant(installer, dataloggerSn, {
    name: 'Switch plant',
    seed: 3,
    inverters: [{ sn: `${dataloggerSn}-INV1`, dcKwp: 10, ratedAcKw: 10, strings: 2 }],
    meter: { sn: `${dataloggerSn}-MET1` },
    switches: [{ sn: switchSn, loadW: 2000 }],
    epm: { sn: epmSn },
    loadScale: 1,
  });
  await until(async () => (await valuesOf(switchSn)).state === 'on');
  queue = testQueue(inject('databaseUrl'), uniqueQueueSchema(), [
    { ...runSwitchTaskJob, retry: { ...runSwitchTaskJob.retry, delaySeconds: 1 } },
  ]) as JobQueue<WorkerDeps>;
  await queue.work({ ...jobDepsOf(t), jobs: queue });
}, 60_000);

afterAll(async () => {
  await queue?.stop(1000);
});

describe('switch commands', () => {
  it('switches off once the device confirmed; the reported state and power follow', async () => {
    const res = await callEndpoint(t.app, switchOff, { params: { sn: switchSn }, token });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data.state).toBe('done');
    await until(async () => {
      const values = await valuesOf(switchSn);
      return values.state === 'off' && values.p_w === 0;
    });
  });

  it('answers 603 to the state it is in, and 606 to another company', async () => {
    const params = { sn: switchSn };
    expect((await callEndpoint(t.app, switchOff, { params, token })).code).toBe(
      ErrorCode.sameDeviceState,
    );
    expect((await callEndpoint(t.app, switchOn, { params, token: outsiderToken })).code).toBe(
      ErrorCode.deviceNotFound,
    );
    expect((await callEndpoint(t.app, switchOn, { params, token })).code).toBe(ErrorCode.ok);
  });

  it('refuses an offline switch at once with 602 and stores no command', async () => {
    const datalogger = await buildDatalogger(t.deps, { plantId });
    const offline = await buildDevice(t.deps, datalogger.id, { kind: 'switch', status: 'offline' });
    const started = Date.now();
    expect((await callEndpoint(t.app, switchOn, { params: { sn: offline.sn }, token })).code).toBe(
      ErrorCode.deviceOffline,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    const stored = await t.deps.db
      .selectFrom('device_commands')
      .select('id')
      .where('target_sn', '=', offline.sn)
      .execute();
    expect(stored).toEqual([]);
  });

  it('runs the leakage self-test: power cut for 10 s, then the result', async () => {
    const started = Date.now();
    const res = await callEndpoint(t.app, runLeakageTest, { params: { sn: switchSn }, token });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LEAKAGE_TEST_SECONDS * 1000);
    expect(res.data.isPassed).toBe(true);
    expect(res.data.leakageMa).toBeGreaterThan(0);
    expect(res.data.durationSeconds).toBe(LEAKAGE_TEST_SECONDS);
  }, 30_000);
});

describe('timed switch tasks', () => {
  it('answers code 4 to bad input and to a single task in the past', async () => {
    for (const body of [
      { kind: 'repeat', action: 'on', weekdays: [], time: '07:00' },
      { kind: 'repeat', action: 'on', weekdays: [1], time: '25:00' },
      { kind: 'once', action: 'dim', date: '2030-01-01', time: '07:00' },
      { kind: 'once', action: 'on', date: '2020-01-01', time: '07:00' },
    ]) {
      const res = await callEndpointLoosely(t.app, createSwitchTask, {
        params: { sn: switchSn },
        token,
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('lists a new task with its next run in the plant time zone', async () => {
    const created = await callEndpoint(t.app, createSwitchTask, {
      params: { sn: switchSn },
      token,
      body: { kind: 'once', action: 'off', date: '2030-07-01', time: '07:00' },
    });
    expect(created.code, created.msg).toBe(ErrorCode.ok);
    expect(created.data).toMatchObject({
      nextRunAt: '2030-07-01T05:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    const list = await callEndpoint(t.app, listSwitchTasks, { params: { sn: switchSn }, token });
    expect(list.data.infos).toContainEqual(
      expect.objectContaining({ id: created.data.id, lastRun: null }),
    );
    const removed = await callEndpoint(t.app, deleteSwitchTask, {
      params: { sn: switchSn, id: created.data.id },
      token,
    });
    expect(removed.code).toBe(ErrorCode.ok);
  });

  it('runs a task missed while no process ran once, from two dispatchers at the same time', async () => {
    const taskId = await overdueTask(switchSn, 'off');
    const sent: number[][] = [[], []];
    const dispatchers = sent.map((into) =>
      dispatchDueTasks(t.deps.db, async (runId) => {
        into.push(runId);
      }),
    );
    await Promise.all(dispatchers);
    const runs = await runsOf(taskId);
    expect(runs).toHaveLength(1);
    expect(sent.flat()).toEqual([runs[0]!.id]);
    // The dispatcher moved the task to its next 03:00 in Berlin, after now.
    expect((await taskRow(taskId)).next_run_at!.getTime()).toBeGreaterThan(Date.now());
    // A run's job may run twice (at least once): the second does nothing.
    await runSwitchTask(jobDepsOf(t), runs[0]!.id);
    await runSwitchTask(jobDepsOf(t), runs[0]!.id);
    expect((await runsOf(taskId))[0]).toMatchObject({ state: 'done', attempts: 1 });
    await until(async () => (await valuesOf(switchSn)).state === 'off');
  });

  it('runs through the job queue: the switch state changes', async () => {
    const taskId = await overdueTask(switchSn, 'on');
    expect(await dispatchDueTasks(t.deps.db, runSender(queue))).toBe(1);
    await until(async () => (await runsOf(taskId))[0]?.state === 'done');
    await until(async () => (await valuesOf(switchSn)).state === 'on');
  });

  it('retries a run while the device is offline, then shows it failed', async () => {
    const datalogger = await buildDatalogger(t.deps, { plantId });
    const offline = await buildDevice(t.deps, datalogger.id, { kind: 'switch', status: 'offline' });
    const taskId = await overdueTask(offline.sn, 'on');
    await dispatchDueTasks(t.deps.db, runSender(queue));
    await until(async () => (await runsOf(taskId))[0]?.state === 'failed', 30_000);
    expect((await runsOf(taskId))[0]).toMatchObject({
      attempts: SWITCH_TASK_ATTEMPTS,
      reason: 'offline',
    });
    const list = await callEndpoint(t.app, listSwitchTasks, { params: { sn: offline.sn }, token });
    expect(list.data.infos[0]?.lastRun).toMatchObject({ state: 'failed', attempts: 4 });
  }, 40_000);
});

describe('EPM export limitation', () => {
  it('writes the limit and answers what the device read back; the device applies it', async () => {
    const settings: EpmSettings = { mode: 'percent', limit: 20, failSafe: 'holdLimit' };
    const written = await callEndpoint(t.app, writeEpmSettings, {
      params: { sn: epmSn },
      token,
      body: settings,
    });
    expect(written.code, written.msg).toBe(ErrorCode.ok);
    expect(written.data.settings).toEqual(settings);
    const read = await callEndpoint(t.app, readEpmSettings, { params: { sn: epmSn }, token });
    expect(read.data.settings).toEqual(settings);
    await until(async () => (await valuesOf(epmSn)).export_limit_w === 2000);
    const list = await endpointData(t.app, FAMILY_ENDPOINTS.epm.list, {
      token,
      query: { plantId },
    });
    expect(list.infos).toEqual([
      expect.objectContaining({
        sn: epmSn,
        values: expect.objectContaining({ export_limit_w: 2000 }),
      }),
    ]);
  });

  it('answers code 4 to a percentage above 100', async () => {
    const res = await callEndpointLoosely(t.app, writeEpmSettings, {
      params: { sn: epmSn },
      token,
      body: { mode: 'percent', limit: 120, failSafe: 'zeroExport' },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });
});

describe('public realtime links', () => {
  const realtime = (linkToken: string) =>
    callEndpoint(t.app, publicRealtime, { query: { token: linkToken } });

  it("shows the device's live values to anyone holding a valid link", async () => {
    const link = await callEndpoint(t.app, createShareLink, {
      params: { sn: epmSn },
      token,
      body: { validHours: 2 },
    });
    expect(link.code, link.msg).toBe(ErrorCode.ok);
    expect(link.data.path).toMatch(/^\/epm-realtime\?token=/);
    const res = await realtime(link.data.token);
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data.sn).toBe(epmSn);
    expect(res.data.values).toHaveProperty('p_grid_w');
  });

  it('shows nothing for an expired, altered or guessed token (607)', async () => {
    const tokens = new ShareLinkTokens(t.deps.accessTokens.keyFor('share-link'));
    const expired = await tokens.sign({
      sn: epmSn,
      kind: 'epm',
      expiresAt: new Date(Date.now() - 1000),
    });
    const valid = await tokens.sign({
      sn: epmSn,
      kind: 'epm',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const [header, payload, signature] = valid.split('.');
    const otherDevice = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        sub: switchSn,
      }),
    ).toString('base64url');
    const accessToken = token;
    for (const bad of [expired, `${header}.${otherDevice}.${signature}`, epmSn, accessToken]) {
      const res = await realtime(bad);
      expect(res.code, bad).toBe(ErrorCode.shareLinkInvalid);
      expect(res.data).toBeNull();
    }
  });

  it('refuses links to other companies’ devices and to kinds without a public page', async () => {
    const outsider = await callEndpoint(t.app, createShareLink, {
      params: { sn: epmSn },
      token: outsiderToken,
      body: { validHours: 1 },
    });
    expect(outsider.code).toBe(ErrorCode.deviceNotFound);
    const switchLink = await callEndpoint(t.app, createShareLink, {
      params: { sn: switchSn },
      token,
      body: { validHours: 1 },
    });
    expect(switchLink.code).toBe(ErrorCode.deviceNotFound);
  });
});
