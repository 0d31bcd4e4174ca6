import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.js';

export interface BenchDatabase {
  url: string;
  /** Whether the database lives on the server of DATABASE_URL rather than an embedded one. */
  isExternal: boolean;
  stop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A pg pool's `end()` resolves before its sockets close; stopping the server then terminates
 * those sessions and the pool throws the error as an unhandled event. Waits them out first.
 */
async function waitForOtherSessionsToClose(url: string, timeoutMs = 5_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.count ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: a new embedded PostgreSQL under `dataDir`, or a new database on the
 * server of DATABASE_URL (dropped by `stop`), so a run never reads another run's rows.
 */
export interface BenchDatabaseOptions {
  /** Preloads pg_stat_statements in an embedded server, for `statement-times.ts`. */
  recordsStatementTimes?: boolean;
}

export async function startBenchDatabase(
  dataDir: string,
  logger: Logger,
  options: BenchDatabaseOptions = {},
): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(dataDir, logger, {
      settings: options.recordsStatementTimes
        ? {
            shared_preload_libraries: 'pg_stat_statements',
            'pg_stat_statements.track_planning': 'on',
          }
        : {},
    });
    return {
      url: embedded.url,
      isExternal: false,
      stop: async () => {
        await waitForOtherSessionsToClose(embedded.url);
        await embedded.stop();
      },
    };
  }
  const name = `portal_bench_${Date.now()}_${process.pid}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    isExternal: true,
    stop: async () => {
      await waitForOtherSessionsToClose(url.toString());
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
