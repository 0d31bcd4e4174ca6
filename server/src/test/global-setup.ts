import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/database.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedBuiltInDictionaries } from '../dicts/built-in-entries.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database per test run: a new embedded PostgreSQL in a temporary directory by
 * default, or a new database on the server named by DATABASE_URL (dropped afterwards).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logger = pino({ level: 'warn' });
  const external = process.env.DATABASE_URL;
  let url: string;
  let teardown: () => Promise<void>;
  if (external) {
    const name = `portal_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(external);
    target.pathname = `/${name}`;
    url = target.toString();
    teardown = async () => {
      const client = new pg.Client({ connectionString: external });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    const embedded = await startEmbeddedPostgres(dir, logger);
    url = embedded.url;
    teardown = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const db = createDb(url, 2);
  await migrateToLatest(db, logger);
  // The fuzz test toggles dictionary entries by small ids as platform administrator: the
  // built-in entries every test file relies on get ids far above the ones it tries.
  await sql`ALTER SEQUENCE dictionary_entries_id_seq RESTART WITH 1000000`.execute(db);
  await seedBuiltInDictionaries(db);
  await db.destroy();
  project.provide('databaseUrl', url);
  return teardown;
}
