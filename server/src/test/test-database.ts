import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { createDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedBuiltInDictionaries } from '../dicts/built-in-entries.js';

/** Runs a statement on the server of `url` (CREATE and DROP DATABASE need no open database). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`; answers its URL and how to drop it. */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Brings a new database to the schema and the built-in dictionaries every test expects.
 *
 * The fuzz test edits and deletes as platform administrator, by small generated ids and by the
 * ids of its own fixture in any id parameter. Each table's ids start in a range of their own
 * above any small id (before the dictionaries are seeded), so neither ever names a row another
 * test file created.
 */
export async function prepareDatabase(url: string, logger: Logger): Promise<void> {
  const db = createDb(url, 2);
  try {
    await migrateToLatest(db, logger);
    await sql`
      DO $$
      DECLARE sequence_name text;
      DECLARE position integer := 0;
      BEGIN
        FOR sequence_name IN
          SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename
        LOOP
          position := position + 1;
          EXECUTE format('ALTER SEQUENCE %I RESTART WITH %s', sequence_name, position * 1000000);
        END LOOP;
      END $$
    `.execute(db);
    await seedBuiltInDictionaries(db);
  } finally {
    await db.destroy();
  }
}
