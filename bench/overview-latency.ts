/**
 * Plant overview latency: an embedded PostgreSQL in a temporary folder (or a temporary database
 * on the server of DATABASE_URL), one year of 5-minute power rows and daily energy for 100 plants
 * generated with INSERT … SELECT generate_series, then the overview calls measured through
 * app.inject one after another. Prints a p50/p99 table; asserts nothing. BENCH_PLANTS,
 * BENCH_DAYS and BENCH_REQUESTS shrink or grow the run (defaults 100, 365, 200).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { createDeps, createLogger } from '../server/src/runtime.js';

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

interface Database {
  url: string;
  stop(): Promise<void>;
}

/** A fresh database: a new embedded server, or a new database next to DATABASE_URL. */
async function startDatabase(dataDir: string): Promise<Database> {
  const external = process.env.DATABASE_URL;
  if (!external) {
    return startEmbeddedPostgres(dataDir, createLogger({ LOG_LEVEL: 'warn' }));
  }
  const name = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: external });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(external);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const client = new pg.Client({ connectionString: external });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 100 plants, each with a datalogger and one inverter, a year of power and daily energy. */
async function generate(
  url: string,
): Promise<{ userId: number; plantIds: number[]; firstDay: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const user = await client.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, nickname, kind)
       VALUES ('bench-overview@example.com', 'not-used', 'Bench', 'owner') RETURNING id`,
    );
    const userId = user.rows[0]?.id ?? 0;
    const lastDay = isoDay(new Date());
    const firstDay = isoDay(new Date(Date.now() - (DAYS - 1) * 86_400_000));
    await client.query(
      `INSERT INTO plants (name, owner_user_id, capacity_kwp, time_zone, constant_price)
       SELECT 'Bench plant ' || n, $1, 5 + n % 20, ($2::text[])[1 + n % cardinality($2::text[])], 0.2
       FROM generate_series(1, $3::int) AS n`,
      [userId, TIME_ZONES, PLANTS],
    );
    await client.query(
      `INSERT INTO dataloggers (sn, registration_key, plant_id)
       SELECT 'BENCHDL' || id, 'BENCHKEY', id FROM plants WHERE owner_user_id = $1`,
      [userId],
    );
    await client.query(
      `INSERT INTO devices (datalogger_id, sn, kind, status, last_seen_at, last_values)
       SELECT id, 'BENCHINV' || id, 'inverter', 'normal', now(),
         jsonb_build_object('pac_w', 3000, 'e_day_kwh', 12.5, 'e_total_kwh', 4000)
       FROM dataloggers WHERE sn LIKE 'BENCHDL%'`,
    );
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
    return { userId, plantIds: plants.rows.map((row) => row.id), firstDay };
  } finally {
    await client.end();
  }
}

async function countPowerRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM power_5min',
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

interface Measured {
  name: string;
  durations: number[];
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function measure(
  app: FastifyInstance,
  token: string,
  name: string,
  urlFor: (index: number) => string,
): Promise<Measured> {
  const durations: number[] = [];
  let failures = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const url = urlFor(index);
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    durations.push(performance.now() - started);
    if (response.statusCode !== 200 || response.json<{ code: number }>().code !== 0) failures += 1;
  }
  return { name, durations, failures };
}

function print(rows: Measured[], setupSeconds: number, rowCount: number): void {
  const header = ['call', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'failures'];
  const lines = rows.map(({ name, durations, failures }) => {
    const sorted = [...durations].sort((a, b) => a - b);
    return [
      name,
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      (sorted.at(-1) ?? 0).toFixed(1),
      String(durations.length),
      String(failures),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(
    [
      `\nOverview latency: ${PLANTS} plants, ${DAYS} days, ${rowCount.toLocaleString('en-US')} power_5min rows ` +
        `(generated in ${setupSeconds.toFixed(1)} s), ${REQUESTS} sequential requests per call via app.inject\n`,
      format(header),
      format(widths.map((w) => '-'.repeat(w))),
      ...lines.map(format),
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-overview-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'off' });
  const database = await startDatabase(dataDir);
  const deps = await createDeps(config, database.url, createLogger(config));
  const app = await buildApp(deps);
  try {
    await app.ready();
    const started = performance.now();
    const { userId, plantIds, firstDay } = await generate(database.url);
    const setupSeconds = (performance.now() - started) / 1000;
    const count = await countPowerRows(database.url);
    const token = await deps.accessTokens.sign(userId);
    const plantAt = (index: number) => plantIds[(index * 37) % plantIds.length];
    const dayAt = (index: number) =>
      isoDay(new Date(Date.parse(firstDay) + ((index * 13) % DAYS) * 86_400_000));

    const rows = [
      await measure(
        app,
        token,
        'GET /plants (list, page 1)',
        () => '/api/v1/plants?size=20&sort=power',
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/realtime',
        (i) => `/api/v1/plant/${plantAt(i)}/realtime`,
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/power?date',
        (i) => `/api/v1/plant/${plantAt(i)}/power?date=${dayAt(i)}`,
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/energy/day?month',
        (i) => `/api/v1/plant/${plantAt(i)}/energy/day?month=${dayAt(i).slice(0, 7)}`,
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/energy/month?year',
        (i) => `/api/v1/plant/${plantAt(i)}/energy/month?year=${dayAt(i).slice(0, 4)}`,
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/energy/year',
        (i) => `/api/v1/plant/${plantAt(i)}/energy/year`,
      ),
      await measure(
        app,
        token,
        'GET /plant/:id/incomes/month?year',
        (i) => `/api/v1/plant/${plantAt(i)}/incomes/month?year=${dayAt(i).slice(0, 4)}`,
      ),
    ];
    print(rows, setupSeconds, count);
  } finally {
    await app.close();
    await deps.db.destroy();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
