import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PortalFeed, startPortalFeed } from '@solar/simulator';
import { loadSimulatorFleet } from '../seed/simulator-fleet.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildDatalogger } from '../test/fixtures/plants.factories.js';
import { closeDeps, createDeps, createLogger, type ServerDeps } from '../runtime.js';
import * as ingestionFixtures from '../test/fixtures/ingestion.factories.js';
import { startTelemetry, type Telemetry } from './telemetry-runtime.js';

/**
 * The simulator process's feed (what `npm start` runs beside the server in embedded mode)
 * against the real ingestion. It feeds every datalogger of its database, so it gets a
 * database of its own: in the run's shared one it would take over other tests' dataloggers.
 */
const baseUrl = inject('databaseUrl');
const databaseName = `simulator_feed_${process.pid}_${Date.now()}`;
const externalBroker = process.env.MQTT_URL;
let databaseUrl: string;
let deps: ServerDeps;
let telemetry: Telemetry;
let feed: PortalFeed | null = null;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function lastSeen(sn: string): Promise<Date | null> {
  const row = await deps.db
    .selectFrom('devices')
    .select('last_seen_at')
    .where('sn', '=', sn)
    .executeTakeFirst();
  return row?.last_seen_at ?? null;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const config = loadConfig({
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'portal-feed-')),
    LOG_LEVEL: 'silent',
    MQTT_INGEST_CONNECTIONS: '8',
    SIMULATOR: 'off',
    ...(externalBroker ? { MQTT_URL: externalBroker } : {}),
  });
  deps = await createDeps(config, databaseUrl, createLogger(config));
  const suffix = randomUUID().slice(0, 8);
  telemetry = await startTelemetry(deps, {
    mqttPort: 0,
    clientId: `test-feed-${suffix}`,
    shareGroup: `feed${suffix}`,
    sessionExpirySeconds: 120,
  });
});

afterAll(async () => {
  await feed?.stop();
  await telemetry.stop();
  await closeDeps(deps);
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

describe('the simulator feed of the portal database', () => {
  it('uploads the backlog since the last reading, then feeds live, factory stock included', async () => {
    const plant = await ingestionFixtures.buildPlantWithDatalogger(deps);
    const inverterSn = `${plant.datalogger.sn}-INV1`;
    const anHourAgo = new Date(Math.floor(Date.now() / 300_000) * 300_000 - 3_600_000);
    await telemetry.service.ingestRecords(plant.datalogger, [
      ingestionFixtures.inverterRecord(anHourAgo.toISOString(), inverterSn, { pac_w: 1000 }),
    ]);
    const spareSn = ingestionFixtures.uniqueSerial('SPARE');
    await buildDatalogger(deps, { plantId: null, sn: spareSn, key: randomUUID() });

    feed = await startPortalFeed({
      fleet: { load: () => loadSimulatorFleet(deps.db) },
      brokerUrl: telemetry.brokerUrl,
      intervalSeconds: 60,
      includeKeyInPayload: telemetry.isExternalBroker,
      hasIncidents: false,
      logger: { info: () => undefined, warn: () => undefined },
    });

    // Eleven 5-minute records fill the hour, the first live one follows at once.
    expect(
      await ingestionFixtures.sampleCount(deps, [
        await ingestionFixtures.deviceIdOf(deps, inverterSn),
      ]),
    ).toBeGreaterThanOrEqual(12);
    await until(async () => ((await lastSeen(inverterSn))?.getTime() ?? 0) > Date.now() - 120_000);
    await until(async () => (await lastSeen(`${spareSn}-INV1`)) !== null);
  }, 60_000);
});
