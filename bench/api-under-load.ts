/**
 * API latency under fleet load: the web client's dashboard mix (plant list, a plant's realtime,
 * power curve, daily energy, the event list, the profile) offered at a fixed rate over real HTTP
 * while BENCH_INGEST_RATE messages/s (default 1,000) flow in from 200 datalogger connections
 * through the broker. Prints p50/p99/max per run and, for comparison, `/health/live` at the same
 * rate (the cost of the HTTP stack alone: it asks nothing of the database). Requests arrive evenly
 * spaced and each latency counts from when its request was due (harness/open-loop.ts), so queueing
 * for one of the 50 connections counts as latency. Fresh database
 * (embedded or DATABASE_URL), embedded broker or MQTT_URL. BENCH_RATES (default 300,500) and
 * BENCH_SECONDS (default 20) shape the runs. After each dashboard run it prints where the
 * database's execution time went, statement by statement (pg_stat_statements: the embedded
 * database preloads it). The fleet and the HTTP load run in a process of their own
 * (harness/load-generator.ts), so this process carries only the server; they still share the
 * machine's cores with it, so figures are an upper bound on latency. Beside them it prints the
 * time inside the server per route (harness/server-times.ts), which tells the server's share
 * from the generator's and the machine's. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/src/app.js';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { startTelemetry } from '../server/src/ingestion/telemetry-runtime.js';
import { createFleet } from './harness/fleet.js';
import { LoadGenerator, type OfferResult } from './harness/load-generator-process.js';
import { timeSequentially } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { ServerTimes } from './harness/server-times.js';
import { StatementTimes } from './harness/statement-times.js';
import { withBenchDeps } from './harness/server.js';

const DATALOGGERS = 200;
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 1000);
const RATES = (process.env.BENCH_RATES ?? '300,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
// The bench's dataloggers all connect from this host.
process.env.MQTT_MAX_CONNECTIONS_PER_ADDRESS ??= String(DATALOGGERS + 20);

const today = new Date().toISOString().slice(0, 10);

/** What the plant list and overview pages ask for, in the proportions a dashboard polls them. */
const DASHBOARD_REQUESTS: ((plantId: number) => string)[] = [
  () => '/api/v1/plants?size=20&sort=power',
  (id) => `/api/v1/plant/${id}/realtime`,
  (id) => `/api/v1/plant/${id}/realtime`,
  (id) => `/api/v1/plant/${id}/power?date=${today}`,
  (id) => `/api/v1/plant/${id}/energy/day?month=${today.slice(0, 7)}`,
  () => '/api/v1/events?size=10&status=open',
  () => '/api/v1/user',
];

/** The dashboard's requests over the bench's plants: each kind once per plant. */
function dashboardMix(plantIds: readonly number[]): string[] {
  return Array.from({ length: DASHBOARD_REQUESTS.length * plantIds.length }, (_, index) =>
    DASHBOARD_REQUESTS[index % DASHBOARD_REQUESTS.length]!(
      plantIds[(index * 37) % plantIds.length]!,
    ),
  );
}

const ALONE_REQUESTS = 30;

/** Each kind of request of the mix, one after another on an idle server: what it costs alone. */
async function costAlone(url: string, token: string, mix: readonly string[]): Promise<string[][]> {
  const rows: string[][] = [];
  for (const path of mix.slice(0, DASHBOARD_REQUESTS.length)) {
    const run = await timeSequentially(ALONE_REQUESTS, async () => {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return response.ok;
    });
    rows.push([
      path.replace(/\d{4}-\d{2}(-\d{2})?/, '…'),
      ms(run.p50),
      ms(run.p99),
      String(run.failures),
    ]);
  }
  return rows;
}

function row(name: string, rate: number, result: OfferResult): string[] {
  return [
    name,
    String(rate),
    result.served.toFixed(0),
    ms(result.p50),
    ms(result.p99),
    ms(result.max),
    String(result.errors),
  ];
}

runBench(() =>
  withBenchDeps(
    async ({ deps, database }) => {
      const telemetry = await startTelemetry(deps, {
        mqttPort: 0,
        clientId: `bench-${randomUUID().slice(0, 8)}`,
        shareGroup: `bench${Date.now()}`,
        sessionExpirySeconds: 300,
      });
      const app = await buildApp(deps);
      const serverTimes = new ServerTimes(app);
      try {
        const url = await app.listen({ host: '127.0.0.1', port: 0 });
        const dataloggers = await createFleet(deps, DATALOGGERS);
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
        const token = await currentAccessToken(
          deps.db,
          deps.accessTokens,
          plants[0]!.owner_user_id!,
        );
        const mix = dashboardMix(plants.map((plant) => plant.id));
        printTable(
          `Each request of the mix alone: ${ALONE_REQUESTS} one after another, no ingestion`,
          ['request', 'p50 ms', 'p99 ms', 'failures'],
          await costAlone(url, token, mix),
        );
        const statementTimes = await StatementTimes.open(database.url);
        const load = new LoadGenerator();
        try {
          await load.connect({
            brokerUrl: telemetry.brokerUrl,
            fleet: dataloggers,
            includeKey: telemetry.isExternalBroker,
          });
          await load.ingest(INGEST_RATE);
          const rows: string[][] = [];
          for (const rate of RATES) {
            const offered = { url, token, rate, seconds: SECONDS, connections: CONNECTIONS };
            await statementTimes?.reset();
            serverTimes.start();
            const dashboard = await load.offer({ ...offered, paths: mix });
            printTable(
              `Inside the server during the dashboard mix at ${rate}/s: from receiving a request to sending its answer`,
              ['route', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
              serverTimes.stop(),
            );
            await statementTimes?.print(
              `The database during the dashboard mix at ${rate}/s (pg_stat_statements)`,
            );
            rows.push([
              ...row('dashboard mix', rate, dashboard),
              dashboard.ingestedPerSecond.toFixed(0),
            ]);
            const health = await load.offer({ ...offered, paths: ['/health/live'] });
            rows.push([...row('/health/live', rate, health), '']);
          }
          printTable(
            `API under load: ${SECONDS} s per run over HTTP, ${CONNECTIONS} connections, while ` +
              `${INGEST_RATE} messages/s are offered by ${DATALOGGERS} datalogger connections`,
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
          await load.stop();
          await statementTimes?.close();
        }
      } finally {
        await app.close();
        await telemetry.stop();
      }
    },
    { recordsStatementTimes: true },
  ),
);
