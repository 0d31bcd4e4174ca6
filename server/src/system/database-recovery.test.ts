import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { health, healthLive } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDeps } from '../runtime.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { type OwnDatabaseApp, startOwnDatabaseApp } from '../test/own-database-app.js';

// A PostgreSQL server of its own, so the test can kill it under a running server.
let own: OwnDatabaseApp;
let dataDir: string;
let deps: ServerDeps;
let app: FastifyInstance;

beforeAll(async () => {
  own = await startOwnDatabaseApp('pg-recovery', { DATABASE_OUTAGE_LIVENESS_SECONDS: '2' });
  ({ dataDir, deps, app } = own);
});

afterAll(() => own.close());

async function status(endpoint: typeof health | typeof healthLive): Promise<number> {
  return (await callEndpoint(app, endpoint)).status;
}

async function postmasterPid(): Promise<number> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(pidFile.split('\n')[0]);
}

/** Kills the postmaster and waits until the server has noticed (/health answers 503). */
async function killPostmaster(): Promise<number> {
  const pid = await postmasterPid();
  process.kill(pid, 'SIGKILL');
  await expect.poll(() => status(health), { timeout: 20_000, interval: 50 }).toBe(503);
  return pid;
}

const poll = { timeout: 60_000, interval: 250 };
const TEST_TIMEOUT_MS = 150_000;

describe.skipIf(process.platform === 'win32')('embedded PostgreSQL killed under the server', () => {
  it(
    'is restarted, and the pool reconnects',
    async () => {
      expect(await status(health)).toBe(200);
      const killed = await killPostmaster();
      await expect.poll(() => status(health), poll).toBe(200);
      expect(await postmasterPid()).not.toBe(killed);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(deps.db);
      expect(rows[0]!.one).toBe(1);
      expect(await status(healthLive)).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails liveness once it stays gone for longer than the limit, and recovers',
    async () => {
      // A data folder of another major version: every restart fails until it is put back.
      const versionFile = path.join(dataDir, 'postgres', 'PG_VERSION');
      const version = await readFile(versionFile, 'utf8');
      await writeFile(versionFile, '9\n');
      try {
        await killPostmaster();
        expect(await status(healthLive)).toBe(200);
        await expect.poll(() => status(healthLive), poll).toBe(503);
        expect((await callEndpoint(app, healthLive)).data).toMatchObject({ status: 'dead' });
        expect(await status(health)).toBe(503);
      } finally {
        await writeFile(versionFile, version);
      }
      await expect.poll(() => status(health), poll).toBe(200);
      expect(await status(healthLive)).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );
});
