import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { connectAndSubscribe, registerFleet } from '../test/fixtures/broker.factories.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.js';

/** bench/broker-connect-storm.ts runs the full 2,000; this keeps the suite within seconds. */
const CLIENTS = 400;

let t: TestApp;
let broker: EmbeddedBroker;
let persistenceDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  persistenceDir = await mkdtemp(path.join(os.tmpdir(), 'portal-broker-storm-'));
  broker = await startEmbeddedBroker({
    db: t.deps.db,
    logger: t.deps.logger,
    port: 0,
    host: '127.0.0.1',
    persistenceDir,
    limits: { connectionsPerAddress: CLIENTS + 10 },
  });
});

afterAll(async () => {
  await broker.close();
  await rm(persistenceDir, { recursive: true, force: true });
});

describe('embedded broker connect storm', () => {
  // 1,000 connections arriving at once crashed it with "Maximum call stack size exceeded".
  it(`takes ${CLIENTS} dataloggers connecting and subscribing at the same moment`, async () => {
    const fleet = await registerFleet(t.deps.db, CLIENTS);
    const outcomes = await Promise.all(
      fleet.map(({ sn, key }) => connectAndSubscribe(broker.port, sn, key)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  }, 60_000);
});
