import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { TOPICS } from '@solar/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import * as ingestionFixtures from '../test/fixtures/ingestion.factories.js';

/** Needs a broker with shared subscriptions: runs in the external set-up (MQTT_URL) only. */
const brokerUrl = process.env.MQTT_URL;
const fixture = fileURLToPath(
  new URL('../test/processes/ingestion-process.fixture.ts', import.meta.url),
);
const DEVICES = 10;
const MESSAGES_PER_DEVICE = 30;

interface IngestionProcess {
  child: ChildProcess;
  output: string[];
}

/** Starts a server process reduced to ingestion and waits until it is subscribed. */
async function startProcess(
  clientId: string,
  shareGroup: string,
  port: number,
): Promise<IngestionProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      MQTT_URL: brokerUrl,
      PORT: String(port),
      MQTT_INGEST_CLIENT_ID: clientId,
      MQTT_INGEST_SHARE_GROUP: shareGroup,
      MQTT_INGEST_SESSION_EXPIRY_SECONDS: '300',
      MQTT_INGEST_CONNECTIONS: '8',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(...chunk.toString().split('\n').filter(Boolean));
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`ingestion process exited with ${code}`)));
  });
  return { child, output };
}

async function killHard({ child }: IngestionProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Stops cleanly and returns how many samples the process stored. */
async function stopCleanly({ child, output }: IngestionProcess): Promise<number> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const line = output.find((l) => l.startsWith('stored '));
  return Number(line?.slice('stored '.length) ?? Number.NaN);
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(brokerUrl === undefined)('two ingestion processes on one broker', () => {
  let t: TestApp;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ MQTT_URL: brokerUrl! });
  });

  afterAll(async () => {
    await Promise.all(devices.map((client) => client.endAsync(true)));
  });

  it('split the load and lose or double nothing when each in turn is killed with SIGKILL and comes back on another port', async () => {
    const suffix = randomUUID().slice(0, 8);
    const group = `scale${suffix}`;
    const plants: ingestionFixtures.PlantWithDatalogger[] = [];
    const inverters: string[] = [];
    for (let i = 0; i < DEVICES; i += 1) {
      const plant = await ingestionFixtures.buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
      plants.push(plant);
      inverters.push(ingestionFixtures.uniqueSerial('INV'));
      devices.push(
        await mqtt.connectAsync(brokerUrl!, {
          clientId: plant.datalogger.sn,
          protocolVersion: 4,
          reconnectPeriod: 0,
        }),
      );
    }
    const publishWave = (from: number, to: number) =>
      Promise.all(
        plants.map(async (plant, d) => {
          for (let m = from; m < to; m += 1) {
            const message = ingestionFixtures.inverterRecord(
              new Date(Date.UTC(2026, 3, 10, 6) + m * 60_000).toISOString(),
              inverters[d]!,
              { pac_w: m, e_total_kwh: 100 + m / 10 },
            );
            await devices[d]!.publishAsync(
              TOPICS.data(plant.datalogger.sn),
              JSON.stringify({ ...message, key: plant.datalogger.registrationKey }),
              { qos: 1 },
            );
          }
        }),
      );

    const started = await Promise.all([
      startProcess(`scale-${suffix}-a`, group, 18_101),
      startProcess(`scale-${suffix}-b`, group, 18_102),
    ]);
    let [first, second] = started;
    await publishWave(0, 10);
    // Killed while messages are in flight: no PUBACK for what it had not committed.
    const firstKilledDuring = publishWave(10, 20);
    await killHard(first);
    await firstKilledDuring;
    // Same client id, other port: it collects what waited in its sessions.
    first = await startProcess(`scale-${suffix}-a`, group, 18_103);
    const secondKilledDuring = publishWave(20, 25);
    await killHard(second);
    await secondKilledDuring;
    second = await startProcess(`scale-${suffix}-b`, group, 18_104);
    await publishWave(25, MESSAGES_PER_DEVICE);

    const deviceIds = async () =>
      Promise.all(inverters.map((sn) => ingestionFixtures.deviceIdOf(t.deps, sn)));
    const expected = DEVICES * MESSAGES_PER_DEVICE;
    await until(async () => {
      const ids = await deviceIds().catch(() => null);
      return ids !== null && (await ingestionFixtures.sampleCount(t.deps, ids)) >= expected;
    });
    const ids = await deviceIds();
    const storedByFirst = await stopCleanly(first);
    const storedBySecond = await stopCleanly(second);
    expect(await ingestionFixtures.sampleCount(t.deps, ids)).toBe(expected);
    expect(storedBySecond).toBeGreaterThan(0);
    expect(storedByFirst).toBeGreaterThan(0);
    for (const id of ids) {
      const day = (await ingestionFixtures.energyByDay(t.deps, id))['2026-04-10']!;
      expect(day.energy_kwh).toBeCloseTo((MESSAGES_PER_DEVICE - 1) / 10, 9);
    }
  }, 120_000);
});
