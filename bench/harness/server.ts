import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/config.js';
import { closeDeps, createDeps, createLogger, type ServerDeps } from '../../server/src/runtime.js';
import { type BenchDatabase, type BenchDatabaseOptions, startBenchDatabase } from './database.js';

export interface BenchDeps {
  deps: ServerDeps;
  database: BenchDatabase;
}

export interface BenchApp extends BenchDeps {
  app: FastifyInstance;
}

/**
 * Runs `use` with the server's services on a fresh, migrated database in a temporary data
 * folder, then closes them and removes the folder. MQTT_URL and the like pass through from the
 * environment; logs are silent and the simulator off.
 */
export async function withBenchDeps<T>(
  use: (bench: BenchDeps) => Promise<T>,
  options: BenchDatabaseOptions = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIMULATOR: 'off',
    });
    const logger = createLogger(config);
    const database = await startBenchDatabase(dataDir, logger, options);
    try {
      const deps = await createDeps(config, database.url, logger);
      try {
        return await use({ deps, database });
      } finally {
        await closeDeps(deps);
      }
    } finally {
      await database.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Like `withBenchDeps`, with the whole app built and ready (not listening). */
export function withBenchApp<T>(use: (bench: BenchApp) => Promise<T>): Promise<T> {
  return withBenchDeps(async (bench) => {
    const app = await buildApp(bench.deps);
    try {
      await app.ready();
      return await use({ ...bench, app });
    } finally {
      await app.close();
    }
  });
}
