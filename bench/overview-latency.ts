/**
 * Plant overview latency: a fresh database (embedded, or on the server of DATABASE_URL), one
 * year of 5-minute power rows and daily energy for 100 plants generated with
 * INSERT … SELECT generate_series, then the overview calls measured through app.inject one after
 * another. Prints a p50/p99 table; asserts nothing. BENCH_PLANTS, BENCH_DAYS and BENCH_REQUESTS
 * shrink or grow the run (defaults 100, 365, 200).
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { type SequentialRun, timed, timeSequentially } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { createBenchOwner, insertBenchPlants } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const PLANTS = Number(process.env.BENCH_PLANTS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TIME_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Shanghai',
  'Australia/Sydney',
  'UTC',
];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

interface GeneratedPlants {
  plantIds: number[];
  firstDay: string;
  powerRowCount: number;
}

/** PLANTS plants of `userId`, each with a datalogger and one inverter, DAYS of power and energy. */
async function generate(url: string, userId: number): Promise<GeneratedPlants> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lastDay = isoDay(new Date());
    const firstDay = isoDay(new Date(Date.now() - (DAYS - 1) * 86_400_000));
    await insertBenchPlants(client, {
      ownerId: userId,
      count: PLANTS,
      timeZones: TIME_ZONES,
      inverterValues: { pac_w: 3000, e_day_kwh: 12.5, e_total_kwh: 4000 },
    });
    // A sine between 06:00 and 18:00 UTC, scaled per device: enough shape for the queries.
    await client.query(
      `INSERT INTO power_5min (device_id, bucket, power_w)
       SELECT d.id, b.bucket,
         GREATEST(0, sin(pi() * (extract(epoch FROM b.bucket)::bigint % 86400 - 21600) / 43200.0))
           * (4000 + d.id % 7 * 500)
       FROM devices d
       CROSS JOIN generate_series($1::date::timestamptz,
         $2::date::timestamptz + interval '1 day' - interval '5 minutes',
         interval '5 minutes') AS b(bucket)
       WHERE d.sn LIKE 'BENCHINV%'`,
      [firstDay, lastDay],
    );
    await client.query(
      `INSERT INTO energy_daily (device_id, day, energy_kwh)
       SELECT d.id, day::date, 20 + (d.id + extract(doy FROM day)::int) % 15
       FROM devices d CROSS JOIN generate_series($1::date, $2::date, interval '1 day') AS day
       WHERE d.sn LIKE 'BENCHINV%'`,
      [firstDay, lastDay],
    );
    await client.query('ANALYZE');
    const plants = await client.query<{ id: number }>(
      'SELECT id FROM plants WHERE owner_user_id = $1 ORDER BY id',
      [userId],
    );
    const powerRows = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM power_5min',
    );
    return {
      plantIds: plants.rows.map((row) => row.id),
      firstDay,
      powerRowCount: Number(powerRows.rows[0]?.count ?? 0),
    };
  } finally {
    await client.end();
  }
}

function measure(
  app: FastifyInstance,
  token: string,
  urlFor: (index: number) => string,
): Promise<SequentialRun> {
  return timeSequentially(REQUESTS, async (index) => {
    const response = await app.inject({
      method: 'GET',
      url: urlFor(index),
      headers: { authorization: `Bearer ${token}` },
    });
    return response.statusCode === 200 && response.json<{ code: number }>().code === 0;
  });
}

runBench(() =>
  withBenchApp(async ({ app, deps, database }) => {
    const userId = await createBenchOwner(deps, { email: 'bench-overview@example.com' });
    const { result: generated, seconds: setupSeconds } = await timed(() =>
      generate(database.url, userId),
    );
    const { plantIds, firstDay, powerRowCount } = generated;
    const token = await currentAccessToken(deps.db, deps.accessTokens, userId);
    const plantAt = (index: number) => plantIds[(index * 37) % plantIds.length];
    const dayAt = (index: number) =>
      isoDay(new Date(Date.parse(firstDay) + ((index * 13) % DAYS) * 86_400_000));

    const calls: [string, (index: number) => string][] = [
      ['GET /plants (list, page 1)', () => '/api/v1/plants?size=20&sort=power'],
      ['GET /plant/:id/realtime', (i) => `/api/v1/plant/${plantAt(i)}/realtime`],
      ['GET /plant/:id/power?date', (i) => `/api/v1/plant/${plantAt(i)}/power?date=${dayAt(i)}`],
      [
        'GET /plant/:id/energy/day?month',
        (i) => `/api/v1/plant/${plantAt(i)}/energy/day?month=${dayAt(i).slice(0, 7)}`,
      ],
      [
        'GET /plant/:id/energy/month?year',
        (i) => `/api/v1/plant/${plantAt(i)}/energy/month?year=${dayAt(i).slice(0, 4)}`,
      ],
      ['GET /plant/:id/energy/year', (i) => `/api/v1/plant/${plantAt(i)}/energy/year`],
      [
        'GET /plant/:id/incomes/month?year',
        (i) => `/api/v1/plant/${plantAt(i)}/incomes/month?year=${dayAt(i).slice(0, 4)}`,
      ],
    ];
    const rows: string[][] = [];
    for (const [name, urlFor] of calls) {
      const run = await measure(app, token, urlFor);
      rows.push([
        name,
        ms(run.p50),
        ms(run.p99),
        ms(run.max),
        String(run.count),
        String(run.failures),
      ]);
    }
    printTable(
      `Overview latency: ${PLANTS} plants, ${DAYS} days, ${powerRowCount.toLocaleString('en-US')} power_5min rows ` +
        `(generated in ${setupSeconds.toFixed(1)} s), ${REQUESTS} sequential requests per call via app.inject`,
      ['call', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'failures'],
      rows,
    );
  }),
);
