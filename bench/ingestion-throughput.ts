/**
 * Ingestion throughput: from MQTT publish to committed row. Starts an embedded PostgreSQL in a
 * temporary folder (or uses DATABASE_URL) and the embedded broker (or MQTT_URL), registers
 * dataloggers, then publishes a fixed number of QoS 1 messages per datalogger from parallel
 * connections and waits until every sample is committed. Two runs: one record per message
 * (live traffic) and batches of 50 records (backlog upload). Prints a table; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { loadConfig } from '../server/src/config/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { startTelemetry, type Telemetry } from '../server/src/ingestion/telemetry-runtime.js';
import type { AppDeps } from '../server/src/app-deps.js';
import { createDeps, createLogger } from '../server/src/runtime.js';

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
  const owner = await deps.db
    .insertInto('users')
    .values({
      email: `bench-${randomUUID()}@example.com`,
      password_hash: 'x',
      nickname: 'Bench',
      kind: 'owner',
      company_id: null,
      role_id: null,
      phone: null,
      avatar_url: null,
      theme_color: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataloggers: Datalogger[] = [];
  for (let i = 0; i < DATALOGGERS; i += 1) {
    const plant = await deps.db
      .insertInto('plants')
      .values({
        name: `Bench ${i}`,
        owner_user_id: owner.id,
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

async function measure(
  deps: AppDeps,
  telemetry: Telemetry,
  dataloggers: Datalogger[],
  run: Run,
  startAt: number,
) {
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
  const started = performance.now();
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
  while ((await sampleCount(deps)) - before < expected)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  const messages = DATALOGGERS * run.messagesPerDatalogger;
  return {
    name: run.name,
    messages,
    seconds,
    messagesPerSecond: messages / seconds,
    samplesPerSecond: expected / seconds,
    valuesPerSecond: (expected * VALUES_PER_DEVICE) / seconds,
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIMULATOR: 'off',
  });
  const logger = createLogger(config);
  const database = config.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir, logger);
  const deps = await createDeps(config, config.DATABASE_URL ?? database!.url, logger);
  const telemetry = await startTelemetry(deps, {
    mqttPort: 0,
    clientId: `bench-${randomUUID().slice(0, 8)}`,
    shareGroup: `bench${Date.now()}`,
    jobIntervalMs: 3_600_000,
  });
  try {
    const dataloggers = await createDataloggers(deps);
    const rows = [];
    let startAt = Date.UTC(2026, 0, 5);
    for (const run of RUNS) {
      rows.push(await measure(deps, telemetry, dataloggers, run, startAt));
      startAt += 7 * 86_400_000;
    }
    const header = ['run', 'messages', 'seconds', 'messages/s', 'samples/s', 'data points/s'];
    const lines = rows.map((r) => [
      r.name,
      String(r.messages),
      r.seconds.toFixed(2),
      r.messagesPerSecond.toFixed(0),
      r.samplesPerSecond.toFixed(0),
      r.valuesPerSecond.toFixed(0),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    process.stdout.write(
      [
        `\nIngestion throughput, ${DATALOGGERS} dataloggers × ${DEVICES_PER_RECORD} devices, ${telemetry.isExternalBroker ? 'external broker' : 'embedded broker'}, publish → commit`,
        format(header),
        format(widths.map((w) => '-'.repeat(w))),
        ...lines.map(format),
        '',
      ].join('\n'),
    );
  } finally {
    await telemetry.stop();
    await deps.db.destroy();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
