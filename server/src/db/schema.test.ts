import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, it } from 'vitest';
import { createDb } from './database.js';
import { GENERATED_SCHEMA_FILE, generateSchemaSource } from './schema-codegen.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('has table types equal to those read from the migrated database (else: npm run db:types -w server)', async () => {
  const db = createDb(inject('databaseUrl'), 1);
  try {
    const committed = await readFile(path.join(serverRoot, GENERATED_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(await generateSchemaSource(db));
  } finally {
    await db.destroy();
  }
});
