import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createDatabase, prepareDatabase } from './test-database.js';

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
    const database = await createDatabase(external, 'portal_test');
    url = database.url;
    teardown = database.drop;
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    const embedded = await startEmbeddedPostgres(dir, logger);
    url = embedded.url;
    teardown = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await prepareDatabase(url, logger);
  project.provide('databaseUrl', url);
  return teardown;
}
