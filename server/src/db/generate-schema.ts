import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createDb } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrateToLatest } from './migrate.js';
import { GENERATED_SCHEMA_FILE, generateSchemaSource } from './schema-codegen.js';

/**
 * `npm run db:types -w server`: migrates a fresh embedded PostgreSQL and writes the table types
 * read back from it. Run it after adding a migration; `schema.test.ts` fails until then.
 */
async function main(): Promise<void> {
  const logger = pino({ level: 'warn' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-schema-'));
  const embedded = await startEmbeddedPostgres(dir, logger);
  const db = createDb(embedded.url, 1);
  try {
    await migrateToLatest(db, logger);
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const target = path.join(serverRoot, GENERATED_SCHEMA_FILE);
    await writeFile(target, await generateSchemaSource(db));
    process.stdout.write(`wrote ${target}\n`);
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
