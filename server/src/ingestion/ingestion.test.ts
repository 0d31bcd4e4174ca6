import { randomUUID } from 'node:crypto';
import {
  type DataloggerRecord,
  ErrorCode,
  ingestData,
  ingestionStats,
  type IngestionStats,
  TOPICS,
} from '@solar/contract';
import { DataloggerLink } from '@solar/simulator';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../broker/embedded-broker.js';
import { buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { IngestionPipeline } from './ingestion-pipeline.js';
import { IngestionService } from './ingestion-service.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  energyByDay,
  inverterRecord,
  type PlantWithDatalogger,
  sampleCount,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { MqttIngestionWorker } from './mqtt-ingestion-worker.js';
import { startTelemetry, type Telemetry } from './telemetry-runtime.js';

/** CI runs once against Mosquitto (MQTT_URL), otherwise the embedded broker is used. */
const externalUrl = process.env.MQTT_URL;
const isExternal = externalUrl !== undefined;

let t: TestApp;
let telemetry: Telemetry;
let adminToken: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp(isExternal ? { MQTT_URL: externalUrl } : {});
  const suffix = randomUUID().slice(0, 8);
  telemetry = await startTelemetry(t.deps, {
    mqttPort: 0,
    clientId: `test-ingest-${suffix}`,
    shareGroup: `test${suffix}`,
    sessionExpirySeconds: 120,
    connections: 4,
  });
  adminToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await telemetry.stop();
});

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A raw device connection that records the acks it receives. */
async function connectDevice(
  plant: PlantWithDatalogger,
  password = plant.datalogger.registrationKey,
) {
  const { sn } = plant.datalogger;
  const client = await mqtt.connectAsync(telemetry.brokerUrl, {
    clientId: sn,
    username: sn,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const acked: string[] = [];
  client.on('message', (_topic, payload) =>
    acked.push(...(JSON.parse(payload.toString()) as { ts: string[] }).ts),
  );
  await client.subscribeAsync(TOPICS.ack(sn), { qos: 1 });
  const publish = (body: unknown) =>
    client.publishAsync(
      TOPICS.data(sn),
      typeof body === 'string'
        ? body
        : JSON.stringify(
            isExternal ? { ...(body as object), key: plant.datalogger.registrationKey } : body,
          ),
      { qos: 1 },
    );
  return { client, acked, publish };
}

async function stats(): Promise<IngestionStats> {
  const response = await callEndpoint(t.app, ingestionStats, { token: adminToken });
  expect(response.code).toBe(0);
  return response.data;
}

describe('MQTT ingestion', () => {
  it('refuses a datalogger with a wrong key', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    if (!isExternal) {
      await expect(connectDevice(plant, 'wrong-key')).rejects.toThrow(/bad username or password/i);
      return;
    }
    const before = await stats();
    const device = await connectDevice(plant);
    const sn = uniqueSerial('INV');
    await device.client.publishAsync(
      TOPICS.data(plant.datalogger.sn),
      JSON.stringify({
        ...inverterRecord(new Date().toISOString(), sn, { pac_w: 1 }),
        key: 'wrong-key',
      }),
      { qos: 1 },
    );
    await until(async () => (await stats()).unknownDatalogger > before.unknownDatalogger);
    expect(
      await t.deps.db.selectFrom('devices').select('id').where('sn', '=', sn).execute(),
    ).toHaveLength(0);
  });

  it('stores a re-delivered message once, with the same rollups', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const device = await connectDevice(plant);
    const sn = uniqueSerial('INV');
    const first = inverterRecord('2026-04-02T09:00:00Z', sn, { pac_w: 1000, e_total_kwh: 10 });
    const message = inverterRecord('2026-04-02T10:00:00Z', sn, { pac_w: 3000, e_total_kwh: 12.5 });
    await device.publish(first);
    await device.publish(message);
    await until(async () => device.acked.includes(message.ts));
    const deviceId = await deviceIdOf(t.deps, sn);
    const energyBefore = await energyByDay(t.deps, deviceId);
    await device.publish(message);
    await until(async () => device.acked.filter((ts) => ts === message.ts).length === 2);
    expect(await sampleCount(t.deps, [deviceId])).toBe(2);
    expect(await energyByDay(t.deps, deviceId)).toEqual(energyBefore);
    expect(energyBefore['2026-04-02']!.energy_kwh).toBeCloseTo(2.5, 6);
  });

  it('counts bad payloads and keeps storing the good ones after them', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const device = await connectDevice(plant);
    const before = await stats();
    await device.publish('this is not json');
    await device.publish({ ts: 'yesterday', devices: [] });
    await device.publish({
      ts: new Date().toISOString(),
      devices: [{ sn: 'X', kind: 'toaster', values: {} }],
    });
    const sn = uniqueSerial('INV');
    const good = inverterRecord(new Date().toISOString(), sn, { pac_w: 1234, fault_codes: [] });
    await device.publish(good);
    await until(async () => device.acked.includes(good.ts));
    // On a shared broker the other test files' consumers see these messages too, and one of
    // them may store and acknowledge the good record first: this process's counters are waited
    // for, and the stored record is read from the database.
    const rejected = (now: IngestionStats, reason: 'json' | 'schema') =>
      (now.rejectedByReason[reason] ?? 0) - (before.rejectedByReason[reason] ?? 0);
    await until(async () => {
      const after = await stats();
      return rejected(after, 'json') >= 1 && rejected(after, 'schema') >= 2;
    });
    const row = await t.deps.db
      .selectFrom('devices')
      .select(['status', 'last_values'])
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'normal', last_values: { pac_w: 1234 } });
  });

  it.skipIf(isExternal)(
    'marks the devices offline at once when the datalogger drops (last will)',
    async () => {
      const plant = await buildPlantWithDatalogger(t.deps);
      const { sn, registrationKey } = plant.datalogger;
      const client = await mqtt.connectAsync(telemetry.brokerUrl, {
        clientId: sn,
        username: sn,
        password: registrationKey,
        protocolVersion: 4,
        reconnectPeriod: 0,
        will: { topic: TOPICS.status(sn), payload: Buffer.from('offline'), qos: 1, retain: true },
      });
      const inverter = uniqueSerial('INV');
      await client.publishAsync(
        TOPICS.data(sn),
        JSON.stringify(inverterRecord(new Date().toISOString(), inverter, { pac_w: 10 })),
        { qos: 1 },
      );
      const statusOf = async () =>
        (
          await t.deps.db
            .selectFrom('devices')
            .select('status')
            .where('sn', '=', inverter)
            .executeTakeFirst()
        )?.status;
      await until(async () => (await statusOf()) === 'normal');
      client.stream.destroy();
      await until(async () => (await statusOf()) === 'offline');
    },
  );

  it('loses nothing when the broker and the ingestion worker restart during a burst', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const suffix = randomUUID().slice(0, 8);
    const service = new IngestionService(t.deps);
    let broker: EmbeddedBroker | null = isExternal
      ? null
      : await startEmbeddedBroker({ db: t.deps.db, logger: t.deps.logger, port: 0 });
    const url = externalUrl ?? broker!.url;
    const worker = new MqttIngestionWorker(
      service,
      new IngestionPipeline(service, t.deps.logger),
      {
        url,
        clientId: `test-restart-${suffix}`,
        isExternal,
        shareGroup: `restart${suffix}`,
        sessionExpirySeconds: 120,
        ...(broker ? broker.internal : {}),
      },
      t.deps.logger,
    );
    await worker.start();
    const link = new DataloggerLink({
      brokerUrl: url,
      sn: plant.datalogger.sn,
      key: plant.datalogger.registrationKey,
      includeKeyInPayload: isExternal,
      resendAfterMs: 2000,
    });
    await link.connect();
    const inverter = uniqueSerial('INV');
    const total = 300;
    const records: DataloggerRecord[] = Array.from({ length: total }, (_, i) =>
      inverterRecord(new Date(Date.UTC(2026, 3, 3, 6) + i * 60_000).toISOString(), inverter, {
        pac_w: i,
        e_total_kwh: i / 60,
      }),
    );
    try {
      for (let i = 0; i < total; i += 1) {
        if (i === 100) {
          await worker.stop();
        }
        if (i === 150 && broker) {
          const { port, internal } = broker;
          await broker.close();
          broker = await startEmbeddedBroker({
            db: t.deps.db,
            logger: t.deps.logger,
            port,
            internalPassword: internal.password,
          });
        }
        if (i === 200) await worker.start();
        await link.send([records[i]!]).catch(() => undefined);
      }
      expect(await link.drained(45_000)).toBe(true);
      const deviceId = await deviceIdOf(t.deps, inverter);
      expect(await sampleCount(t.deps, [deviceId])).toBe(total);
    } finally {
      await link.close().catch(() => undefined);
      await worker.stop();
      await broker?.close();
    }
  }, 90_000);
});

describe('HTTP ingestion', () => {
  it('refuses a wrong serial number and key pair with code 300', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const response = await callEndpoint(t.app, ingestData, {
      headers: { 'x-datalogger-sn': plant.datalogger.sn, 'x-datalogger-key': 'nope' },
      body: inverterRecord(new Date().toISOString(), uniqueSerial('INV'), { pac_w: 1 }),
    });
    expect(response.code).toBe(ErrorCode.dataloggerCredentials);
  });

  it('answers code 4 for a malformed body', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const response = await callEndpointLoosely(t.app, ingestData, {
      headers: {
        'x-datalogger-sn': plant.datalogger.sn,
        'x-datalogger-key': plant.datalogger.registrationKey,
      },
      body: { ts: 'soon', devices: [] },
    });
    expect(response.code).toBe(ErrorCode.validation);
  });

  it('stores a batch and answers the committed ts values', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    const records = [
      inverterRecord('2026-04-05T10:00:00Z', sn, { pac_w: 100 }),
      inverterRecord('2026-04-05T10:01:00Z', sn, { pac_w: 200 }),
    ];
    const response = await callEndpoint(t.app, ingestData, {
      headers: {
        'x-datalogger-sn': plant.datalogger.sn,
        'x-datalogger-key': plant.datalogger.registrationKey,
      },
      body: { records },
    });
    expect(response.code).toBe(0);
    expect(response.data.ts).toEqual(records.map((r) => r.ts));
    expect(await sampleCount(t.deps, [await deviceIdOf(t.deps, sn)])).toBe(2);
  });
});

describe('GET /api/v1/ingestion/stats', () => {
  it('needs a token and system management', async () => {
    expect((await callEndpoint(t.app, ingestionStats)).status).toBe(401);
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const response = await callEndpoint(t.app, ingestionStats, {
      token: await tokenFor(t.deps, owner.id),
    });
    expect(response.code).toBe(ErrorCode.noPermission);
  });
});
