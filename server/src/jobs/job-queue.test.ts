import type { JobDeps } from '../app-deps.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { createDb } from '../db/database.js';
import type { JobQueue } from './job-queue.js';
import {
  interruptibleJob,
  testJobDeps,
  testQueue,
  uniqueQueueSchema,
} from '../test/fixtures/job-queue.fixtures.js';
import { defineJobType, type JobType } from './job-type.js';

const databaseUrl = inject('databaseUrl');
const db = createDb(databaseUrl, 2);
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await db.destroy();
});

/** A queue with what its jobs need, stopped (and closed) after the file. */
function closedAfterFile(schema: string, types: readonly JobType[]) {
  const queue = testQueue(databaseUrl, schema, types);
  const deps: JobDeps = testJobDeps(databaseUrl, queue);
  cleanups.push(async () => {
    await queue.stop(1000);
    await deps.db.destroy();
  });
  return { queue, deps };
}

async function workingQueue(schema: string, types: readonly JobType[]): Promise<JobQueue> {
  const { queue, deps } = closedAfterFile(schema, types);
  await queue.work(deps);
  return queue;
}

interface JobRow {
  state: string;
  retry_count: number;
}

/** The queue's own record of a job type's jobs, live and archived. */
async function jobRows(schema: string, name: string): Promise<JobRow[]> {
  const { rows } = await sql<JobRow>`
    SELECT state, retry_count FROM ${sql.id(schema, 'job')} WHERE name = ${name}
    UNION ALL
    SELECT state, retry_count FROM ${sql.id(schema, 'archive')} WHERE name = ${name}`.execute(db);
  return rows;
}

async function cronChecks(schema: string): Promise<string | null> {
  const { rows } = await sql<{ cron_on: Date | null }>`
    SELECT cron_on FROM ${sql.id(schema, 'version')}`.execute(db);
  return rows[0]?.cron_on?.toISOString() ?? null;
}

describe('job queue', () => {
  it('runs a scheduled job once per slot with two queue instances on one database', async () => {
    // Hourly at the current minute: due now, and not due again within this test.
    const minute = new Date(Date.now() + 2_000).getUTCMinutes();
    let runs = 0;
    const hourly = defineJobType({
      name: 'test-hourly',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 1, isBackoff: false },
      expireInSeconds: 30,
      cron: `${minute} * * * *`,
      run: async () => {
        runs += 1;
      },
    });
    const schema = uniqueQueueSchema();
    await Promise.all([workingQueue(schema, [hourly]), workingQueue(schema, [hourly])]);

    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 15_000, interval: 100 });
    // Both instances keep checking the schedule; three more checks must not send it again.
    for (let check = 0; check < 3; check += 1) {
      const before = await cronChecks(schema);
      await vi.waitFor(async () => expect(await cronChecks(schema)).not.toBe(before), {
        timeout: 10_000,
        interval: 200,
      });
    }
    const rows = await jobRows(schema, hourly.name);
    expect(rows).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('gives each of eight instances starting at once on a new schema its scheduled queues', async () => {
    // Creating the same queue at once can deadlock; an instance that lost must not schedule
    // before the winner's queue is committed ("queue not found").
    const types = ['a', 'b', 'c'].map((letter) =>
      defineJobType({
        name: `test-start-${letter}`,
        payload: z.object({}),
        retry: { limit: 0, delaySeconds: 1, isBackoff: false },
        expireInSeconds: 30,
        cron: '0 0 1 1 *',
        run: async () => undefined,
      }),
    );
    const schema = uniqueQueueSchema();
    await Promise.all(Array.from({ length: 8 }, () => workingQueue(schema, types)));
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM ${sql.id(schema, 'schedule')} ORDER BY name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(types.map((type) => type.name));
  });

  it('retries a job that throws, each retry waiting about twice as long as the one before', async () => {
    const attemptsAt: number[] = [];
    const flaky = defineJobType({
      name: 'test-flaky',
      payload: z.object({ attemptsToFail: z.number() }),
      retry: { limit: 3, delaySeconds: 1, isBackoff: true },
      expireInSeconds: 30,
      run: async (_deps, { attemptsToFail }) => {
        attemptsAt.push(Date.now());
        if (attemptsAt.length <= attemptsToFail) throw new Error('temporary failure');
      },
    });
    const schema = uniqueQueueSchema();
    const queue = await workingQueue(schema, [flaky]);
    await queue.send(flaky, { attemptsToFail: 2 });

    await vi.waitFor(
      async () =>
        expect(await jobRows(schema, flaky.name)).toEqual([{ state: 'completed', retry_count: 2 }]),
      { timeout: 20_000, interval: 200 },
    );
    expect(attemptsAt).toHaveLength(3);
    // Back-off: retry n waits at least delay * 2^(n-1) (plus jitter); a fixed delay would not.
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(950);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(1_950);
  });

  it('refuses a payload its type does not describe, queueing nothing', async () => {
    const typed = interruptibleJob(async () => undefined);
    const schema = uniqueQueueSchema();
    const queue = await workingQueue(schema, [typed]);
    await expect(queue.send(typed, { label: 42 })).rejects.toThrow();
    expect(await jobRows(schema, typed.name)).toEqual([]);
  });

  it('runs a job again when its worker is stopped in the middle of it', async () => {
    const schema = uniqueQueueSchema();
    const runs: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const first = testQueue(databaseUrl, schema, [
      interruptibleJob(async (label) => {
        runs.push(`first:${label}`);
        await new Promise<void>((resolve) => (releaseFirst = resolve));
      }),
    ]);
    const firstDeps = testJobDeps(databaseUrl, first);
    await first.work(firstDeps);
    await first.send(
      interruptibleJob(async () => undefined),
      { label: 'stopped' },
    );
    await vi.waitFor(() => expect(runs).toEqual(['first:stopped']), { timeout: 10_000 });

    await first.stop(1_000);
    releaseFirst();
    await firstDeps.db.destroy();
    await workingQueue(schema, [
      interruptibleJob(async (label) => {
        runs.push(`second:${label}`);
      }),
    ]);
    await vi.waitFor(() => expect(runs).toEqual(['first:stopped', 'second:stopped']), {
      timeout: 15_000,
      interval: 100,
    });
  });

  it('runs a job again when the process running it crashes', async () => {
    const schema = uniqueQueueSchema();
    const ranAfterCrash: string[] = [];
    const job = interruptibleJob(async (label) => {
      ranAfterCrash.push(label);
    });
    const { queue, deps } = closedAfterFile(schema, [job]);
    await queue.start();
    const fixture = fileURLToPath(
      new URL('../test/processes/crashing-worker.fixture.ts', import.meta.url),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, databaseUrl, schema], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await queue.send(job, { label: 'crashed' });
    // Generous: a child process starts slowly on a busy machine.
    await vi.waitFor(() => expect(output).toContain('started'), { timeout: 60_000, interval: 100 });
    child.kill('SIGKILL');
    await exited;

    await queue.work(deps);
    await vi.waitFor(() => expect(ranAfterCrash).toEqual(['crashed']), {
      timeout: 20_000,
      interval: 100,
    });
    // The handler returns before pg-boss records the completion.
    await vi.waitFor(
      async () =>
        expect(await jobRows(schema, job.name)).toEqual([{ state: 'completed', retry_count: 1 }]),
      { timeout: 10_000, interval: 100 },
    );
  });
});
