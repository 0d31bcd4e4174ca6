import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './database.js';

// Beside this module: src/db/migrations while developing, dist/migrations in the server's build.
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_FILE = /^(\d{4}_.*)\.(ts|js)$/;

async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((file) => MIGRATION_FILE.test(file)).sort();
}

function migrationName(file: string): string {
  return file.replace(MIGRATION_FILE, '$1');
}

/**
 * Migrations are the files in `migrations/` (TypeScript sources, or the build's JavaScript),
 * applied in name order (`0001_…`, `0002_…`) and named without extension, so both agree.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const entries = await Promise.all(
      (await migrationFiles()).map(async (file) => {
        const migration = (await import(path.join(migrationsDir, file))) as Migration;
        return [migrationName(file), migration] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

export async function migrateToLatest(db: Db, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success')
      logger.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error')
      logger.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
}

/** The folder's migration names: they change only with a deployment, so they are listed once. */
let folderMigrationNames: Promise<string[]> | null = null;

function migrationNamesOfFolder(): Promise<string[]> {
  folderMigrationNames ??= migrationFiles().then(
    (files) => files.map(migrationName),
    (error: unknown) => {
      folderMigrationNames = null;
      throw error;
    },
  );
  return folderMigrationNames;
}

/** PostgreSQL's code for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * Names of migrations in the folder that this database has not applied yet. One small query
 * (the readiness probe calls this on every request), not the Migrator's catalogue look-ups.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const names = await migrationNamesOfFolder();
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db).then(
    ({ rows }) => new Set(rows.map((row) => row.name)),
    (error: unknown) => {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return new Set<string>();
      throw error;
    },
  );
  return names.filter((name) => !applied.has(name));
}
