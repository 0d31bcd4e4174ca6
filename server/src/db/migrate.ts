import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './database.js';

// Beside this module: src/db/migrations while developing, dist/migrations in the server's build.
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_FILE = /^(\d{4}_.*)\.(ts|js)$/;

/**
 * Migrations are the files in `migrations/` (TypeScript sources, or the build's JavaScript),
 * applied in name order (`0001_…`, `0002_…`) and named without extension, so both agree.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir)).filter((f) => MIGRATION_FILE.test(f)).sort();
    const entries = await Promise.all(
      files.map(async (file) => {
        const migration = (await import(path.join(migrationsDir, file))) as Migration;
        return [file.replace(MIGRATION_FILE, '$1'), migration] as const;
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

/** Names of migrations in the folder that this database has not applied yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const migrations = await migrator.getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
