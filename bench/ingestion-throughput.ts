/**
 * Ingestion throughput: from MQTT publish to committed row. Starts a fresh database (embedded, or
 * on the server of DATABASE_URL) and the embedded broker (or MQTT_URL), registers
 * dataloggers, then publishes a fixed number of QoS 1 messages per datalogger from parallel
 * connections and waits until every sample is committed. Two runs: one record per message
 * (live traffic) and batches of 50 records (backlog upload). Prints a table; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { startTelemetry, type Telemetry } from '../server/src/ingestion/telemetry-runtime.js';
import type { AppDeps } from '../server/src/app-deps.js';
import { timed } from './harness/latency.js';
import { printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchDeps } from './harness/server.js';

const DATALOGGERS = 10;
const DEVICES_PER_RECORD = 4;
const VALUES_PER_DEVICE = 8;

interface Run {
  name: string;
  recordsPerMessage: number;
  messagesPerDatalogger: number;
}

const RUNS: Run[] = [
  { name: 'one record per message', recordsPerMessage: 1, messagesPerDatalogger: 100 },
  { name: '50 records per message', recordsPerMessage: 50, messagesPerDatalogger: 10 },
];

interface Datalogger {
  sn: string;
  key: string;
}

async function createDataloggers(deps: AppDeps): Promise<Datalogger[]> {
  const ownerId = await createBenchOwner(deps, { email: `bench-${randomUUID()}@example.com` });
  const dataloggers: Datalogger[] = [];
  for (let i = 0; i < DATALOGGERS; i += 1) {
    const plant = await deps.db
      .insertInto('plants')
      .values({
        name: `Bench ${i}`,
        owner_user_id: ownerId,
        company_id: null,
        capacity_kwp: 10,
        commissioning_date: null,
        longitude: 11.6,
        latitude: 48.1,
        address: null,
        time_zone: 'Europe/Berlin',
        region_country: null,
        region_state: null,
        region_city: null,
        picture_url: null,
        total_investment: null,
        installer_email: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const datalogger = {
      sn: `BENCHDL${randomUUID().slice(0, 8).toUpperCase()}`,
      key: randomUUID(),
    };
    await deps.db
      .insertInto('dataloggers')
      .values({
        sn: datalogger.sn,
        registration_key: datalogger.key,
        plant_id: plant.id,
        alias: null,
        hardware_version: null,
        software_version: null,
        signal_strength: null,
        iccid: null,
        last_online_at: null,
      })
      .execute();
    dataloggers.push(datalogger);
  }
  return dataloggers;
}

function recordAt(datalogger: Datalogger, at: number) {
  const devices = Array.from({ length: DEVICES_PER_RECORD }, (_, d) => ({
    sn: `${datalogger.sn}-I${d}`,
    kind: 'inverter' as const,
    values: {
      pac_w: 1000 + d,
      e_day_kwh: 1,
      e_total_kwh: at / 3.6e9,
      freq_hz: 50,
      pf: 1,
      temp_c: 40,
      status: 'normal',
      fault_codes: [],
    },
  }));
  return { ts: new Date(at).toISOString(), devices };
}

async function sampleCount(deps: AppDeps): Promise<number> {
  const row = await deps.db
    .selectFrom('samples')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function publishRun(
  clients: MqttClient[],
  dataloggers: Datalogger[],
  telemetry: Telemetry,
  run: Run,
  startAt: number,
): Promise<void> {
  await Promise.all(
    clients.map(async (client, index) => {
      const datalogger = dataloggers[index]!;
      const publishes: Promise<unknown>[] = [];
      for (let m = 0; m < run.messagesPerDatalogger; m += 1) {
        const records = Array.from({ length: run.recordsPerMessage }, (_, r) =>
          recordAt(datalogger, startAt + (m * run.recordsPerMessage + r) * 60_000),
        );
        const body = run.recordsPerMessage === 1 ? records[0] : { records };
        const payload = telemetry.isExternalBroker ? { ...body, key: datalogger.key } : body;
        publishes.push(
          client.publishAsync(`dl/${datalogger.sn}/data`, JSON.stringify(payload), { qos: 1 }),
        );
      }
      await Promise.all(publishes);
    }),
  );
}

async function measure(
  deps: AppDeps,
  telemetry: Telemetry,
  dataloggers: Datalogger[],
  run: Run,
  startAt: number,
): Promise<string[]> {
  const clients = await Promise.all(
    dataloggers.map((dl) =>
      mqtt.connectAsync(telemetry.brokerUrl, {
        clientId: dl.sn,
        username: dl.sn,
        password: dl.key,
        protocolVersion: 4,
      }),
    ),
  );
  const before = await sampleCount(deps);
  const expected =
    DATALOGGERS * run.messagesPerDatalogger * run.recordsPerMessage * DEVICES_PER_RECORD;
  const { seconds } = await timed(async () => {
    await publishRun(clients, dataloggers, telemetry, run, startAt);
    while ((await sampleCount(deps)) - before < expected)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
  await Promise.all(clients.map((client) => client.endAsync()));
  const messages = DATALOGGERS * run.messagesPerDatalogger;
  return [
    run.name,
    String(messages),
    seconds.toFixed(2),
    (messages / seconds).toFixed(0),
    (expected / seconds).toFixed(0),
    ((expected * VALUES_PER_DEVICE) / seconds).toFixed(0),
  ];
}

runBench(() =>
  withBenchDeps(async ({ deps }) => {
    const telemetry = await startTelemetry(deps, {
      mqttPort: 0,
      clientId: `bench-${randomUUID().slice(0, 8)}`,
      shareGroup: `bench${Date.now()}`,
    });
    try {
      const dataloggers = await createDataloggers(deps);
      const rows: string[][] = [];
      let startAt = Date.UTC(2026, 0, 5);
      for (const run of RUNS) {
        rows.push(await measure(deps, telemetry, dataloggers, run, startAt));
        startAt += 7 * 86_400_000;
      }
      printTable(
        `Ingestion throughput, ${DATALOGGERS} dataloggers × ${DEVICES_PER_RECORD} devices, ` +
          `${telemetry.isExternalBroker ? 'external broker' : 'embedded broker'}, publish → commit`,
        ['run', 'messages', 'seconds', 'messages/s', 'samples/s', 'data points/s'],
        rows,
      );
    } finally {
      await telemetry.stop();
    }
  }),
);
