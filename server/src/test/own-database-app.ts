import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { closeDeps, createDeps, createLogger, type ServerDeps } from '../runtime.js';

/** The app on an embedded PostgreSQL server of its own, which a test may stop or kill. */
export interface OwnDatabaseApp {
  dataDir: string;
  database: EmbeddedDatabase;
  deps: ServerDeps;
  app: FastifyInstance;
  /** Closes the app and removes its files; stops the database unless the test stopped it. */
  close(options?: { isDatabaseStopped?: boolean }): Promise<void>;
}

export async function startOwnDatabaseApp(
  name: string,
  env: Record<string, string> = {},
): Promise<OwnDatabaseApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'off', ...env });
  const logger = createLogger(config);
  const database = await startEmbeddedPostgres(dataDir, logger);
  const deps = await createDeps(config, database.url, logger);
  const app = await buildApp(deps);
  await app.ready();
  return {
    dataDir,
    database,
    deps,
    app,
    close: async ({ isDatabaseStopped = false } = {}) => {
      await app.close();
      await closeDeps(deps);
      if (!isDatabaseStopped) await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
