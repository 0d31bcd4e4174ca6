/**
 * Fleet ingestion: thousands of datalogger connections publish one small message each per
 * interval, and every message counts from its QoS 1 publish to the datalogger receiving the
 * application ack (sent after the commit). Starts a fresh database (embedded, or on the server
 * of DATABASE_URL) and the embedded broker (or MQTT_URL). Three measures:
 *  - burst: every datalogger publishes `--burst` messages at once; messages/s at saturation;
 *  - steady: `--rate` messages/s offered for `--seconds` (600 with `--soak`); p50/p99 latency
 *    and the process memory over the run (flat means no leak);
 *  - raw: the same number of sample rows inserted straight into PostgreSQL in batches, the
 *    ceiling the ingestion path is compared with.
 * Prints tables; asserts nothing. The bench clients run in the same process and on the same
 * cores as the server, so the figures are a lower bound.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { startTelemetry, type Telemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { connectFleet, createFleet, type FleetDatalogger, fleetMessage } from './harness/fleet.js';
import { summarizeLatencies } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { withBenchDeps } from './harness/server.js';

const { values: args } = parseArgs({
  options: {
    dataloggers: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    burst: { type: 'string', default: '5' },
    soak: { type: 'boolean', default: false },
  },
});
const DATALOGGERS = Number(args.dataloggers);
const RATE = Number(args.rate);
const STEADY_SECONDS = args.soak ? 600 : Number(args.seconds);
const BURST = Number(args.burst);
const POINTS_PER_MESSAGE = 10;
const SAMPLES_PER_MESSAGE = 2;
const DRAIN_TIMEOUT_MS = 120_000;
// The bench's dataloggers all connect from this host.
process.env.MQTT_MAX_CONNECTIONS_PER_ADDRESS ??= String(DATALOGGERS + 20);
const TICK_MS = 20;

class AckTracker {
  private readonly sentAt = new Map<string, number>();
  readonly latencies: number[] = [];
  lastAckAt = 0;

  sent(sn: string, ts: string): void {
    this.sentAt.set(`${sn}|${ts}`, performance.now());
  }

  acked(sn: string, ts: readonly string[]): void {
    const now = performance.now();
    for (const t of ts) {
      const key = `${sn}|${t}`;
      const at = this.sentAt.get(key);
      if (at === undefined) continue;
      this.sentAt.delete(key);
      this.latencies.push(now - at);
      this.lastAckAt = now;
    }
  }

  get pending(): number {
    return this.sentAt.size;
  }

  reset(): void {
    this.latencies.length = 0;
  }

  async drained(): Promise<boolean> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.pending > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return this.pending === 0;
  }
}

interface Fleet {
  dataloggers: FleetDatalogger[];
  clients: MqttClient[];
  tracker: AckTracker;
  includeKey: boolean;
  nextSeq: number[];
}

function publish(fleet: Fleet, index: number): void {
  const dl = fleet.dataloggers[index]!;
  const seq = fleet.nextSeq[index]!;
  fleet.nextSeq[index] = seq + 1;
  const { ts, body } = fleetMessage(dl, seq, fleet.includeKey);
  fleet.tracker.sent(dl.sn, ts);
  fleet.clients[index]!.publish(`dl/${dl.sn}/data`, body, { qos: 1 });
}

interface PhaseResult {
  messages: number;
  seconds: number;
  latency: ReturnType<typeof summarizeLatencies>;
  isComplete: boolean;
}

async function burstPhase(fleet: Fleet): Promise<PhaseResult> {
  fleet.tracker.reset();
  const started = performance.now();
  for (let m = 0; m < BURST; m += 1)
    for (let i = 0; i < fleet.clients.length; i += 1) publish(fleet, i);
  const isComplete = await fleet.tracker.drained();
  return {
    messages: fleet.tracker.latencies.length,
    seconds: (fleet.tracker.lastAckAt - started) / 1000,
    latency: summarizeLatencies(fleet.tracker.latencies),
    isComplete,
  };
}

interface MemorySample {
  rssMb: number;
  heapMb: number;
}

async function steadyPhase(fleet: Fleet, memory: MemorySample[]): Promise<PhaseResult> {
  fleet.tracker.reset();
  const started = performance.now();
  let published = 0;
  let next = 0;
  let lastMemoryAt = 0;
  while (performance.now() - started < STEADY_SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    for (; published < due; published += 1) {
      publish(fleet, next);
      next = (next + 1) % fleet.clients.length;
    }
    if (performance.now() - lastMemoryAt >= 1000) {
      lastMemoryAt = performance.now();
      const usage = process.memoryUsage();
      memory.push({ rssMb: usage.rss / 2 ** 20, heapMb: usage.heapUsed / 2 ** 20 });
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const isComplete = await fleet.tracker.drained();
  return {
    messages: fleet.tracker.latencies.length,
    seconds: (fleet.tracker.lastAckAt - started) / 1000,
    latency: summarizeLatencies(fleet.tracker.latencies),
    isComplete,
  };
}

/**
 * Rows per second for `rows` sample rows of the bench's shape inserted straight into a table
 * like `samples` (same columns and primary key), in batches of 4,000 on one connection.
 */
async function rawInsertRate(databaseUrl: string, rows: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE TABLE bench_raw_samples (device_id integer NOT NULL,
      ts timestamptz NOT NULL, values jsonb NOT NULL, received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_id, ts))`);
    const source = { sn: 'RAW', key: '' };
    const batch = 4000;
    let seconds = 0;
    for (let start = 0; start < rows; start += batch) {
      const ids: number[] = [];
      const ts: string[] = [];
      const values: string[] = [];
      for (let n = start; n < Math.min(rows, start + batch); n += 1) {
        const message = JSON.parse(fleetMessage(source, Math.floor(n / 1000), false).body) as {
          ts: string;
          devices: { values: unknown }[];
        };
        ids.push(n % 1000);
        ts.push(message.ts);
        values.push(JSON.stringify(message.devices[n % SAMPLES_PER_MESSAGE]!.values));
      }
      const started = performance.now();
      await client.query(
        `INSERT INTO bench_raw_samples (device_id, ts, values)
         SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::jsonb[])`,
        [ids, ts, values],
      );
      seconds += (performance.now() - started) / 1000;
    }
    await client.query('DROP TABLE bench_raw_samples');
    return rows / seconds;
  } finally {
    await client.end();
  }
}

function phaseRow(name: string, result: PhaseResult): string[] {
  const perSecond = result.messages / result.seconds;
  return [
    name,
    String(result.messages),
    result.seconds.toFixed(2),
    perSecond.toFixed(0),
    (perSecond * POINTS_PER_MESSAGE).toFixed(0),
    ms(result.latency.p50),
    ms(result.latency.p99),
    ms(result.latency.max),
    result.isComplete ? 'yes' : 'NO',
  ];
}

function average(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

runBench(() =>
  withBenchDeps(async ({ deps, database }) => {
    const telemetry: Telemetry = await startTelemetry(deps, {
      mqttPort: 0,
      clientId: `bench-${randomUUID().slice(0, 8)}`,
      shareGroup: `bench${Date.now()}`,
      sessionExpirySeconds: 300,
    });
    try {
      const dataloggers = await createFleet(deps, DATALOGGERS);
      const tracker = new AckTracker();
      const clients = await connectFleet(telemetry.brokerUrl, dataloggers, (sn, ts) =>
        tracker.acked(sn, ts),
      );
      const fleet: Fleet = {
        dataloggers,
        clients,
        tracker,
        includeKey: telemetry.isExternalBroker,
        nextSeq: dataloggers.map(() => 0),
      };
      try {
        const memory: MemorySample[] = [];
        const burst = await burstPhase(fleet);
        const steady = await steadyPhase(fleet, memory);
        const setUp = telemetry.isExternalBroker ? 'external broker' : 'embedded broker';
        printTable(
          `Fleet ingestion, ${DATALOGGERS} datalogger connections, ${setUp}, ` +
            `${POINTS_PER_MESSAGE} data points per message, publish → application ack`,
          [
            'phase',
            'messages',
            'seconds',
            'messages/s',
            'points/s',
            'p50 ms',
            'p99 ms',
            'max ms',
            'all acked',
          ],
          [
            phaseRow(`burst (${BURST} per datalogger)`, burst),
            phaseRow(`steady (${RATE}/s offered)`, steady),
          ],
        );
        const burstSamples = burst.messages * SAMPLES_PER_MESSAGE;
        const ingestRate = burstSamples / burst.seconds;
        const rawRate = await rawInsertRate(database.url, burstSamples);
        const tenth = Math.max(1, Math.floor(memory.length / 10));
        printTable(
          'Raw PostgreSQL insert of the same sample rows (batches of 4,000, one connection)',
          ['rows', 'raw rows/s', 'ingestion samples/s (burst)', 'ratio'],
          [
            [
              String(burstSamples),
              rawRate.toFixed(0),
              ingestRate.toFixed(0),
              (ingestRate / rawRate).toFixed(2),
            ],
          ],
        );
        printTable(
          `Process memory during the steady phase (${memory.length} samples, bench clients included)`,
          ['', 'first tenth', 'last tenth', 'max'],
          [
            [
              'rss MB',
              ...[memory.slice(0, tenth), memory.slice(-tenth), memory].map((m, i) =>
                (i === 2
                  ? Math.max(...m.map((s) => s.rssMb))
                  : average(m.map((s) => s.rssMb))
                ).toFixed(0),
              ),
            ],
            [
              'heap MB',
              ...[memory.slice(0, tenth), memory.slice(-tenth), memory].map((m, i) =>
                (i === 2
                  ? Math.max(...m.map((s) => s.heapMb))
                  : average(m.map((s) => s.heapMb))
                ).toFixed(0),
              ),
            ],
          ],
        );
      } finally {
        await Promise.all(clients.map((client) => client.endAsync(true)));
      }
    } finally {
      await telemetry.stop();
    }
  }),
);
