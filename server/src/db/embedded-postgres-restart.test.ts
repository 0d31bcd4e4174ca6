import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { stopStalePostmaster } from './stale-postmaster.js';

const CHILD = fileURLToPath(new URL('../test/processes/postgres-child.ts', import.meta.url));
const logger = pino({ level: 'silent' });

/** Starts an embedded PostgreSQL in a child Node process; resolves once it is ready. */
async function startInChild(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('the child exited before PostgreSQL was ready');
    }),
  ])) as [string];
  expect(JSON.parse(line)).toHaveProperty('url');
  return child;
}

async function postmasterPid(dataDir: string): Promise<number> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(pidFile.split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-o', 'pid=', '--ppid', String(pid)]);
  return stdout.split('\n').filter(Boolean).map(Number);
}

async function killHard(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  await once(child, 'exit');
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
  await client.end();
  return rows[0]!.one;
}

describe.skipIf(process.platform === 'win32')(
  'embedded PostgreSQL after kill -9 of the server',
  () => {
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-pg-restart-'));
    });
    afterAll(async () => {
      // A failed test may leave the child's postmaster running.
      await stopStalePostmaster(path.join(dataDir, 'postgres'), logger);
      await rm(dataDir, { recursive: true, force: true });
    });

    // The orphaned postmaster kept its lock: 3 of 3 restarts failed with "Failed to start: undefined".
    it('stops the orphaned postmaster of its own directory and comes up', async () => {
      const child = await startInChild(dataDir);
      const orphan = await postmasterPid(dataDir);
      // Kill the watchdog with the server, as if the whole tie to the parent had failed.
      const helpers = (await childrenOf(child.pid!)).filter((pid) => pid !== orphan);
      for (const pid of helpers) process.kill(pid, 'SIGKILL');
      await killHard(child);
      expect(isAlive(orphan)).toBe(true);

      const database = await startEmbeddedPostgres(dataDir, logger);
      try {
        expect(isAlive(orphan)).toBe(false);
        expect(await selectOne(database.url)).toBe(1);
      } finally {
        await database.stop();
      }
    });

    it('the postmaster stops by itself when its server process is killed', async () => {
      const child = await startInChild(dataDir);
      const postmaster = await postmasterPid(dataDir);
      await killHard(child);
      await expect.poll(() => isAlive(postmaster), { timeout: 20_000, interval: 100 }).toBe(false);

      const database = await startEmbeddedPostgres(dataDir, logger);
      try {
        expect(await selectOne(database.url)).toBe(1);
      } finally {
        await database.stop();
      }
    });

    it('never signals a live process that only its pid file names', async () => {
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      const bystander = spawn('sleep', ['30']);
      try {
        await writeFile(pidFile, `${bystander.pid}\n${path.join(dataDir, 'postgres')}\n`);
        // PostgreSQL itself decides whether such a lock is stale (as root it is: it runs as
        // another user and may not signal the bystander); either way the bystander lives on.
        const database = await startEmbeddedPostgres(dataDir, logger).catch(() => null);
        await database?.stop();
        expect(isAlive(bystander.pid!)).toBe(true);
      } finally {
        bystander.kill('SIGKILL');
        await rm(pidFile, { force: true });
      }
    });

    it('says what PostgreSQL reported when it cannot start, never "undefined"', async () => {
      const versionFile = path.join(dataDir, 'postgres', 'PG_VERSION');
      const version = await readFile(versionFile, 'utf8');
      await writeFile(versionFile, '9\n');
      try {
        await expect(startEmbeddedPostgres(dataDir, logger)).rejects.toThrow(
          /did not start: .*incompatible/s,
        );
      } finally {
        await writeFile(versionFile, version);
      }
    });
  },
);
