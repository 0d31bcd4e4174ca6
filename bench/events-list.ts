/**
 * Portal-wide event list on a large table: a fresh database (embedded, or on the server of
 * DATABASE_URL) with BENCH_EVENTS events (default 200,000) on 150 plants of two owners,
 * generated with INSERT … SELECT generate_series. For each filter shape it prints the plan
 * PostgreSQL chooses (EXPLAIN ANALYZE of the list's page query and count) and the latency of
 * the HTTP call through app.inject. Asserts nothing.
 */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { type AuthContext, permissionsFor } from '../server/src/auth/auth-context.js';
import type { Db } from '../server/src/db/database.js';
import type { Database } from '../server/src/db/schema.js';
import { EventsService } from '../server/src/events/events.service.js';
import { timeSequentially, timed } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { createBenchOwner, insertBenchPlants } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'];
const CODES = ['101', '102', '201', '202', '203', '301', '302', '401'];
const LEVELS = [5, 5, 1, 1, 1, 2, 2, 2];

/** `plants` plants of `userId` with one inverter each, and `events` events over a year. */
async function generate(client: pg.Client, userId: number, plants: number, events: number) {
  await insertBenchPlants(client, { ownerId: userId, count: plants, timeZones: TIME_ZONES });
  // Device n % plants, code n % 8: the last 200 events have distinct (device, code) pairs for
  // 100 plants, so they can be the open ones without breaking the one-open-event rule.
  await client.query(
    `WITH devs AS (
       SELECT row_number() OVER (ORDER BY d.id) - 1 AS i, d.id
       FROM devices d JOIN dataloggers l ON l.id = d.datalogger_id
       JOIN plants p ON p.id = l.plant_id WHERE p.owner_user_id = $1)
     INSERT INTO events (device_id, code, level, started_at, ended_at, notified_at)
     SELECT devs.id, ($2::text[])[1 + n % 8], ($3::int[])[1 + n % 8],
       now() - make_interval(secs => ($4::int - n) * (365 * 86400.0 / $4::int)),
       CASE WHEN n > $4::int - 200 THEN NULL
            ELSE now() - make_interval(secs => ($4::int - n) * (365 * 86400.0 / $4::int)) + interval '20 minutes'
       END, NULL
     FROM generate_series(1, $4::int) AS n JOIN devs ON devs.i = n % $5::int`,
    [userId, CODES, LEVELS, events, plants],
  );
}

runBench(() =>
  withBenchApp(async ({ app, deps, database }) => {
    const userId = await createBenchOwner(deps, { email: 'bench-events@example.com' });
    const otherId = await createBenchOwner(deps, { email: 'bench-events-other@example.com' });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { seconds: setupSeconds } = await timed(async () => {
      await generate(client, userId, 100, Math.round(EVENTS * 0.75));
      await generate(client, otherId, 50, EVENTS - Math.round(EVENTS * 0.75));
      await client.query('ANALYZE');
    });
    const auth: AuthContext = {
      userId,
      email: 'bench-events@example.com',
      kind: 'owner',
      companyId: null,
      roleId: null,
      permissions: new Set(permissionsFor('owner', [])),
      isReadOnly: false,
      apiKey: null,
    };
    const plantId = (
      await client.query<{ id: number }>(
        'SELECT id FROM plants WHERE owner_user_id = $1 ORDER BY id LIMIT 1',
        [userId],
      )
    ).rows[0]!.id;

    const captured: CompiledQuery[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
    const token = await currentAccessToken(deps.db, deps.accessTokens, userId);
    const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const weekLater = new Date(Date.parse(`${month}T00:00:00Z`) + 7 * 86_400_000).toISOString();
    const shapes: [string, Record<string, string | number>][] = [
      ['no filter, page 1', {}],
      ['page 500', { page: 500 }],
      ['plant', { plantId }],
      ['level P', { level: 'P' }],
      ['open', { status: 'open' }],
      ['date range (1 day)', { from: month, to: month }],
      ['instant range (7 days)', { from: `${month}T00:00:00Z`, to: weekLater }],
      ['keyword (SN part)', { keyword: 'BENCHINV1' }],
      ['all combined', { plantId, level: 'F', status: 'closed', from: month, keyword: '20' }],
    ];
    const rows: string[][] = [];
    for (const [name, filters] of shapes) {
      captured.length = 0;
      await new EventsService(logged as unknown as Db).list(
        auth,
        {
          page: 1,
          size: 20,
          sort: 'startTime',
          order: 'desc',
          ...filters,
        } as Parameters<EventsService['list']>[1],
        'en',
      );
      const plans: string[] = [];
      for (const query of captured) {
        const explained = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
          query.parameters as unknown[],
        );
        const lines = explained.rows.map((row) => row['QUERY PLAN']);
        plans.push(lines.join('\n'));
      }
      process.stdout.write(`\n=== ${name} ===\n${plans.join('\n--- count ---\n')}\n`);
      const search = new URLSearchParams(
        Object.entries(filters).map(([key, value]) => [key, String(value)]),
      );
      const run = await timeSequentially(REQUESTS, async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/events?${search.toString()}`,
          headers: { authorization: `Bearer ${token}` },
        });
        return response.json<{ code: number }>().code === 0;
      });
      const execution = plans.map((plan) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?');
      rows.push([name, execution.join(' / '), ms(run.p50), ms(run.p99), String(run.failures)]);
    }
    const { result: streamed, seconds: streamSeconds } = await timed(async () => {
      let count = 0;
      const query = { sort: 'startTime', order: 'desc' } as const;
      for await (const row of new EventsService(deps.db).stream(auth, query, 'en')) {
        if (row.id > 0) count += 1;
      }
      return count;
    });
    const { seconds: exportSeconds } = await timed(async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/events/export',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error('export failed');
    });
    await logged.destroy();
    await client.end();
    printTable(
      `Event list: ${EVENTS.toLocaleString('en-US')} events on 150 plants of two owners (generated in ${setupSeconds.toFixed(1)} s); the caller sees 100 plants; ${REQUESTS} sequential requests per shape`,
      ['filter', 'plan ms (page / count)', 'p50 ms', 'p99 ms', 'failures'],
      rows,
    );
    process.stdout.write(
      `Cursor read of ${streamed.toLocaleString('en-US')} rows (no CSV): ${streamSeconds.toFixed(1)} s\n`,
    );
    process.stdout.write(
      `CSV export of all ${Math.round(EVENTS * 0.75).toLocaleString('en-US')} visible events: ${exportSeconds.toFixed(1)} s\n`,
    );
  }),
);
