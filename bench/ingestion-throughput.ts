/**
 * Fleet ingestion: thousands of datalogger connections publish one small message each per
 * interval, and every message counts from its QoS 1 publish to the datalogger receiving the
 * application ack (sent after the commit). Starts a fresh database (embedded, or on the server
 * of DATABASE_URL) and the embedded broker (or MQTT_URL). Three measures:
 *  - burst: every datalogger publishes `--burst` messages at once; messages/s at saturation;
 *  - steady: `--rate` messages/s offered for `--seconds` (600 with `--soak`); p50/p99 latency
 *    and the process memory over the run, with the live heap after the collector's own full
 *    collections, the last of every 30 s (flat means no leak; none is forced, so no pause of
 *    the bench's making counts in the latencies);
 *  - steady with poison: the steady phase again while one more datalogger sends, every second,
 *    a valid message that the database refuses (a test trigger from here on): the rate the fleet
 *    keeps while each poison message is isolated and set aside in the quarantine;
 *  - raw: the same number of sample rows inserted straight into PostgreSQL in batches, the
 *    ceiling the ingestion path is compared with.
 * Prints tables; asserts nothing. The fleet runs in a process of its own (harness/load-generator.ts),
 * as real dataloggers would, but on the same two cores as the server and PostgreSQL, so the
 * figures are a lower bound.
 */
import { randomUUID } from 'node:crypto';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startTelemetry, type Telemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { createFleet, fleetMessage } from './harness/fleet.js';
import type { PhaseResult } from './harness/fleet-phases.js';
import { LoadGenerator } from './harness/load-generator-process.js';
import { refusePoisonReadings, sendPoisonEvery } from './harness/poison-sender.js';
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
// The bench's dataloggers all connect from this host.
process.env.MQTT_MAX_CONNECTIONS_PER_ADDRESS ??= String(DATALOGGERS + 20);

interface MemorySample {
  rssMb: number;
  heapMb: number;
  /** The heap still in use right after a full collection: what a leak makes grow. */
  liveHeapMb?: number;
}

const LIVE_HEAP_EVERY_SECONDS = 30;
const GC_MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;
/** A `gc` performance entry: its detail names the kind of collection. */
type GcEntry = PerformanceEntry & { detail?: { kind?: number } };

/**
 * Samples this process (the server: broker and ingestion) once a second until stopped, and
 * every 30 s its live heap: the heap in use right after the collector's last full (mark-compact)
 * collection of those 30 s. The heap in use between collections grows with the time since the
 * last one, so only the live heap tells a leak from a lazy collector.
 */
function sampleMemory(memory: MemorySample[]): () => void {
  let afterFullCollection: number | undefined;
  const collections = new PerformanceObserver((list) => {
    const isFull = list.getEntries().some((entry) => (entry as GcEntry).detail?.kind === GC_MAJOR);
    if (isFull) afterFullCollection = process.memoryUsage().heapUsed / 2 ** 20;
  });
  collections.observe({ entryTypes: ['gc'] });
  let seconds = 0;
  const timer = setInterval(() => {
    seconds += 1;
    const usage = process.memoryUsage();
    const sample: MemorySample = { rssMb: usage.rss / 2 ** 20, heapMb: usage.heapUsed / 2 ** 20 };
    if (seconds % LIVE_HEAP_EVERY_SECONDS === 0 && afterFullCollection !== undefined) {
      sample.liveHeapMb = afterFullCollection;
      afterFullCollection = undefined;
    }
    memory.push(sample);
  }, 1000);
  return () => {
    clearInterval(timer);
    collections.disconnect();
  };
}

/** The live heap samples, first to last, as one line ("212 214 213 …"). */
function liveHeapSeries(memory: readonly MemorySample[]): string {
  const live = memory.flatMap((sample) =>
    sample.liveHeapMb === undefined ? [] : [sample.liveHeapMb.toFixed(0)],
  );
  return live.length > 0 ? live.join(' ') : 'no full collection in the run';
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
      const fleet = new LoadGenerator();
      try {
        await fleet.connect({
          brokerUrl: telemetry.brokerUrl,
          fleet: dataloggers,
          includeKey: telemetry.isExternalBroker,
        });
        const memory: MemorySample[] = [];
        const burst = await fleet.burst(BURST);
        const stopSampling = sampleMemory(memory);
        const steady = await fleet.steady(RATE, STEADY_SECONDS).finally(stopSampling);
        await refusePoisonReadings(database.url);
        const [poisonDatalogger] = await createFleet(deps, 1);
        const poison = await sendPoisonEvery(
          telemetry.brokerUrl,
          poisonDatalogger!,
          telemetry.isExternalBroker,
        );
        const poisoned = await fleet.steady(RATE, STEADY_SECONDS);
        const poisonCount = await poison.stop();
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
            phaseRow(`steady, a poison message every second`, poisoned),
          ],
        );
        process.stdout.write(
          `Poison messages: ${poisonCount.sent} sent, ${poisonCount.refused} answered as refused (set aside in the quarantine)\n`,
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
          `Server process memory during the steady phase (${memory.length} samples)`,
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
        process.stdout.write(
          `Live heap after the collector's last full collection of every ${LIVE_HEAP_EVERY_SECONDS} s, MB: ${liveHeapSeries(memory)}\n`,
        );
      } finally {
        await fleet.stop();
      }
    } finally {
      await telemetry.stop();
    }
  }),
);
