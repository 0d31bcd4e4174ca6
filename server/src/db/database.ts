import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';

// BIGINT and NUMERIC come back as strings by default; our counters and energies fit in doubles.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// DATE stays the calendar date it is ('2026-03-29'); as a Date it would be local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export function createDb(url: string, maxConnections = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle connection dropped by a database restart: the pool discards it and the next query
  // reconnects (or fails, which /health reports). Unhandled, the event would end the process.
  pool.on('error', () => undefined);
  // A connection lost while checked out (the server died mid-query) reports it on the client,
  // which the pool listens to only while idle: the query fails, and the pool drops the client
  // on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // The cursor lets `.stream()` read large results (CSV exports) in chunks, not all at once.
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool), cursor: Cursor }),
  });
}
