/**
 * API latency under fleet load: the web client's dashboard mix (plant list, a plant's realtime,
 * power curve, daily energy, the event list, the profile) offered at a fixed rate over real HTTP
 * while BENCH_INGEST_RATE messages/s (default 1,000) flow in from 200 datalogger connections
 * through the broker. Prints p50/p99/max per run and, for comparison, `/health` at the same rate
 * (the cost of the HTTP stack alone). Fresh database (embedded or DATABASE_URL), embedded broker
 * or MQTT_URL. BENCH_RATES (default 300,500) and BENCH_SECONDS (default 20) shape the runs. The
 * load generator shares the machine's cores with the server, so figures are an upper bound on
 * latency. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import type { MqttClient } from 'mqtt';
import { buildApp } from '../server/src/app.js';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { startTelemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { connectFleet, createFleet, type FleetDatalogger, fleetMessage } from './harness/fleet.js';
import { ms, printTable, runBench } from './harness/report.js';
import { withBenchDeps } from './harness/server.js';

const DATALOGGERS = 200;
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 1000);
const RATES = (process.env.BENCH_RATES ?? '300,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TICK_MS = 20;
// The bench's dataloggers all connect from this host.
process.env.MQTT_MAX_CONNECTIONS_PER_ADDRESS ??= String(DATALOGGERS + 20);

/** What the plant list and overview pages ask for, in the proportions a dashboard polls them. */
function dashboardMix(plantIds: readonly number[]): (index: number) => string {
  const today = new Date().toISOString().slice(0, 10);
  const paths = [
    () => '/api/v1/plants?size=20&sort=power',
    (id: number) => `/api/v1/plant/${id}/realtime`,
    (id: number) => `/api/v1/plant/${id}/realtime`,
    (id: number) => `/api/v1/plant/${id}/power?date=${today}`,
    (id: number) => `/api/v1/plant/${id}/energy/day?month=${today.slice(0, 7)}`,
    () => '/api/v1/events?size=10&status=open',
    () => '/api/v1/user',
  ];
  return (index) => paths[index % paths.length]!(plantIds[(index * 37) % plantIds.length]!);
}

/** Publishes `rate` messages/s round-robin over the fleet until stopped; counts the acks. */
function startIngest(
  dataloggers: readonly FleetDatalogger[],
  clients: readonly MqttClient[],
  includeKey: boolean,
) {
  const seq = dataloggers.map(() => 0);
  let published = 0;
  let next = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * INGEST_RATE);
    for (; published < due; published += 1) {
      const dl = dataloggers[next]!;
      const { body } = fleetMessage(dl, seq[next]!, includeKey);
      seq[next] = seq[next]! + 1;
      clients[next]!.publish(`dl/${dl.sn}/data`, body, { qos: 1 });
      next = (next + 1) % dataloggers.length;
    }
  }, TICK_MS);
  return {
    stop: () => clearInterval(timer),
    published: () => published,
  };
}

async function offer(url: string, token: string, rate: number, pathOf: (i: number) => string) {
  let index = 0;
  return autocannon({
    url,
    connections: 50,
    overallRate: rate,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(index++) }) },
    ],
  });
}

function row(name: string, rate: number, result: Result): string[] {
  return [
    name,
    String(rate),
    result.requests.average.toFixed(0),
    ms(result.latency.p50),
    ms(result.latency.p99),
    ms(result.latency.max),
    String(result.non2xx + result.errors + result.timeouts),
  ];
}

runBench(() =>
  withBenchDeps(async ({ deps }) => {
    const telemetry = await startTelemetry(deps, {
      mqttPort: 0,
      clientId: `bench-${randomUUID().slice(0, 8)}`,
      shareGroup: `bench${Date.now()}`,
      sessionExpirySeconds: 300,
    });
    const app = await buildApp(deps);
    try {
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const dataloggers = await createFleet(deps, DATALOGGERS);
      let acked = 0;
      const clients = await connectFleet(telemetry.brokerUrl, dataloggers, (_sn, ts) => {
        acked += ts.length;
      });
      const plants = await deps.db
        .selectFrom('dataloggers')
        .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
        .select(['plants.id', 'plants.owner_user_id'])
        .where(
          'dataloggers.sn',
          'in',
          dataloggers.map((dl) => dl.sn),
        )
        .execute();
      const token = await currentAccessToken(deps.db, deps.accessTokens, plants[0]!.owner_user_id!);
      const mix = dashboardMix(plants.map((plant) => plant.id));
      const ingest = startIngest(dataloggers, clients, telemetry.isExternalBroker);
      try {
        const rows: string[][] = [];
        for (const rate of RATES) {
          const ackedBefore = acked;
          const started = performance.now();
          const dashboard = await offer(url, token, rate, mix);
          const ingested = (acked - ackedBefore) / ((performance.now() - started) / 1000);
          rows.push([...row('dashboard mix', rate, dashboard), ingested.toFixed(0)]);
          const health = await offer(url, token, rate, () => '/health');
          rows.push([...row('/health', rate, health), '']);
        }
        printTable(
          `API under load: ${SECONDS} s per run over HTTP, 50 connections, while ${INGEST_RATE} ` +
            `messages/s are offered by ${DATALOGGERS} datalogger connections`,
          [
            'requests',
            'offered/s',
            'served/s',
            'p50 ms',
            'p99 ms',
            'max ms',
            'errors',
            'ingested/s',
          ],
          rows,
        );
      } finally {
        ingest.stop();
        await Promise.all(clients.map((client) => client.endAsync()));
      }
    } finally {
      await app.close();
      await telemetry.stop();
    }
  }),
);
