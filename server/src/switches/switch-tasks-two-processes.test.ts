import { randomUUID } from 'node:crypto';
import { createSwitchTask, ErrorCode } from '@solar/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkerDeps } from '../job-types.js';
import { testQueue, uniqueQueueSchema } from '../test/fixtures/job-queue.fixtures.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { connectLiveDevices, until } from '../test/live-devices.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, jobDepsOf, type TestApp } from '../test/test-app.js';
import { dispatchDueTasks } from './switch-tasks.store.js';
import { runSender, runSwitchTaskJob } from './switches-jobs.js';

/**
 * Two app instances on one database, broker and job queue, as two server processes: each
 * dispatches due tasks and works the queue, and a due task still runs exactly once.
 */
const externalBroker = process.env.MQTT_URL;
const env = { COMMAND_TIMEOUT_MS: '4000', ...(externalBroker ? { MQTT_URL: externalBroker } : {}) };
const dataloggerSn = `SW2P${randomUUID().slice(0, 8)}`;
const switchSn = `${dataloggerSn}-SW1`;
let apps: TestApp[];
let queues: JobQueue<WorkerDeps>[];
let token: string;

const switchState = async () => {
  const row = await apps[0]!.deps.db
    .selectFrom('devices')
    .select('last_values')
    .where('sn', '=', switchSn)
    .executeTakeFirst();
  return (row?.last_values as Record<string, unknown> | undefined)?.state;
};

beforeAll(async () => {
  apps = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  const [first, second] = apps as [TestApp, TestApp];
  const devices = await connectLiveDevices(first, 'switch2p');
  const { telemetry } = devices;
  await second.app.commandChannel.start({
    brokerUrl: telemetry.brokerUrl,
    isExternal: telemetry.isExternalBroker,
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  });
  const installer = await buildCompanyWithStaff(first.deps);
  token = installer.adminToken;
  await devices.simulateBerlinPlant(installer, dataloggerSn, {
    name: 'Two processes',
    seed: 5,
    inverters: [{ sn: `${dataloggerSn}-INV1`, dcKwp: 5, ratedAcKw: 5, strings: 1 }],
    switches: [{ sn: switchSn, loadW: 1500 }],
    loadScale: 1,
  });
  await until(async () => (await switchState()) === 'on');
  // One queue schema, two workers: each process's own pool and command service.
  const schema = uniqueQueueSchema();
  queues = apps.map(
    () => testQueue(inject('databaseUrl'), schema, [runSwitchTaskJob]) as JobQueue<WorkerDeps>,
  );
  for (const [index, queue] of queues.entries())
    await queue.work({ ...jobDepsOf(apps[index]!), jobs: queue });
}, 90_000);

afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop(1000)));
  await apps[1]?.app.commandChannel.stop();
});

describe('timed switch tasks with two server processes', () => {
  it('run a due task exactly once: one run, one command, the switch turned off', async () => {
    const created = await callEndpoint(apps[0]!.app, createSwitchTask, {
      params: { sn: switchSn },
      token,
      body: { kind: 'repeat', action: 'off', weekdays: [0, 1, 2, 3, 4, 5, 6], time: '03:00' },
    });
    expect(created.code, created.msg).toBe(ErrorCode.ok);
    const taskId = created.data.id;
    await apps[0]!.deps.db
      .updateTable('switch_tasks')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('id', '=', taskId)
      .execute();

    // Both processes' dispatchers fire at the same minute, each sending to its own queue client.
    const queued = await Promise.all(
      apps.map((app, index) => dispatchDueTasks(app.deps.db, runSender(queues[index]!))),
    );
    expect(queued.sort()).toEqual([0, 1]);

    const runs = () =>
      apps[0]!.deps.db
        .selectFrom('switch_task_runs')
        .selectAll()
        .where('task_id', '=', taskId)
        .execute();
    await until(async () => (await runs())[0]?.state === 'done', 30_000);
    await until(async () => (await switchState()) === 'off');
    // Time for a second run to show if one had been queued.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await runs()).toHaveLength(1);
    expect((await runs())[0]).toMatchObject({ state: 'done', attempts: 1 });
    const commands = await apps[0]!.deps.db
      .selectFrom('device_commands')
      .select(['name', 'state'])
      .where('target_sn', '=', switchSn)
      .execute();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ state: 'done' });
  }, 60_000);
});
