/**
 * The export centre on a large table: BENCH_EXPORT_ROWS events (default 100,000) on 100 plants
 * of one owner, written once as CSV and once as XLSX by the export job's own code
 * (`buildExportFile`). It samples the heap every 50 ms while a file is built and prints the
 * peak above the heap before the build: flat memory means the rows never sit in memory at once.
 */
import pg from 'pg';
import type { ExportFormat } from '@solar/contract';
import { buildExportFile } from '../server/src/exports/export-build.js';
import { timed } from './harness/latency.js';
import { printTable, runBench } from './harness/report.js';
import { createBenchOwner, insertBenchPlants } from './harness/seed.js';
import { withBenchDeps } from './harness/server.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const PLANTS = 100;
const MB = 1024 * 1024;

async function generate(client: pg.Client, userId: number): Promise<void> {
  await insertBenchPlants(client, {
    ownerId: userId,
    count: PLANTS,
    timeZones: ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'],
  });
  await client.query(
    `WITH devs AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM devices)
     INSERT INTO events (device_id, code, level, started_at, ended_at, notified_at)
     SELECT devs.id, '101', 5, now() - make_interval(secs => n * 60),
       now() - make_interval(secs => n * 60) + interval '5 minutes', NULL
     FROM generate_series(1, $1::int) AS n JOIN devs ON devs.i = n % $2::int`,
    [ROWS, PLANTS],
  );
}

/** Runs `work` while sampling the heap; answers the peak heap growth in bytes. */
async function peakHeapGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak - before;
}

runBench(() =>
  withBenchDeps(async ({ deps, database }) => {
    const userId = await createBenchOwner(deps, { email: 'bench-export@example.com' });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await generate(client, userId);
    await client.end();
    const results: string[][] = [];
    for (const format of ['csv', 'xlsx'] satisfies ExportFormat[]) {
      const { id } = await deps.db
        .insertInto('exports')
        .values({
          user_id: userId,
          kind: 'events',
          format,
          locale: 'en',
          filters: JSON.stringify({ kind: 'events' }),
          file_name: `events.${format}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let growth = 0;
      const { seconds } = await timed(async () => {
        growth = await peakHeapGrowth(() => buildExportFile(deps, id, 1));
      });
      const row = await deps.db
        .selectFrom('exports')
        .select(['status', 'row_count', 'size_bytes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      results.push([
        format,
        row.status,
        String(row.row_count),
        seconds.toFixed(1),
        (Number(row.size_bytes) / MB).toFixed(1),
        (growth / MB).toFixed(1),
        (process.memoryUsage().rss / MB).toFixed(0),
      ]);
    }
    printTable(
      `Export of ${ROWS} events (peak heap above the start of the build)`,
      ['format', 'status', 'rows', 'seconds', 'file MB', 'peak heap +MB', 'rss MB'],
      results,
    );
  }),
);
