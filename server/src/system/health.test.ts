import { health, healthLive, healthReady } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedDatabase } from '../db/embedded-postgres.js';
import type { ServerDeps } from '../runtime.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { type OwnDatabaseApp, startOwnDatabaseApp } from '../test/own-database-app.js';

// A PostgreSQL server of its own, so the test can remove a migration and stop the server.
let own: OwnDatabaseApp;
let database: EmbeddedDatabase;
let isDatabaseStopped = false;
let deps: ServerDeps;
let app: FastifyInstance;

beforeAll(async () => {
  own = await startOwnDatabaseApp('health');
  ({ database, deps, app } = own);
});

afterAll(() => own.close({ isDatabaseStopped }));

async function probe(endpoint: typeof health | typeof healthReady | typeof healthLive) {
  const { status, data } = await callEndpoint(app, endpoint);
  return { status, data };
}

describe('health', () => {
  it('is ready with the database up and every migration applied', async () => {
    for (const endpoint of [health, healthReady]) {
      expect(await probe(endpoint)).toMatchObject({
        status: 200,
        data: { status: 'ok', database: 'ok', migrations: 'ok' },
      });
    }
    expect(await probe(healthLive)).toMatchObject({ status: 200, data: { status: 'ok' } });
  });

  it('answers 503 while a migration is pending', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`
      SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(deps.db);
    const newest = rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${newest.name}`.execute(deps.db);
    try {
      for (const endpoint of [health, healthReady]) {
        expect(await probe(endpoint)).toMatchObject({
          status: 503,
          data: { status: 'degraded', database: 'ok', migrations: 'pending' },
        });
      }
      expect((await probe(healthLive)).status).toBe(200);
    } finally {
      await sql`
        INSERT INTO kysely_migration (name, timestamp)
        VALUES (${newest.name}, ${newest.timestamp})`.execute(deps.db);
    }
    expect((await probe(health)).status).toBe(200);
  });

  it('answers 503 when the database is stopped, while liveness stays 200', async () => {
    await database.stop();
    isDatabaseStopped = true;
    expect(await probe(health)).toMatchObject({
      status: 503,
      data: { status: 'degraded', database: 'unreachable', migrations: 'unknown' },
    });
    expect((await probe(healthReady)).status).toBe(503);
    expect(await probe(healthLive)).toMatchObject({ status: 200, data: { status: 'ok' } });
  });
});
