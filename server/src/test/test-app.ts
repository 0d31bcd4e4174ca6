import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { WorkerDeps } from '../job-types.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { closeDeps, createDeps, createLogger, type ServerDeps } from '../runtime.js';
import { afterFile } from './file-teardown.js';
import { createDatabase, prepareDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  deps: ServerDeps;
}

export interface TestAppOptions {
  /**
   * `own`: a database of the file's own instead of the run's shared one, for tests that act on
   * every row of a table (the video runtime drives every camera in its database).
   */
  database?: 'shared' | 'own';
  /**
   * A job queue schema of the file's own (`uniqueQueueSchema()`), polled every half second, for
   * a test that runs the app's jobs with `deps.jobs.work`: other files' jobs stay in theirs.
   */
  jobSchema?: string;
}

/**
 * The real app on the run's test database, built once per test file and closed after it.
 * Factories create unique data, so files never depend on each other's rows.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-app-'));
  // Video stays off unless a test asks for it: no media server or ffmpeg in other domains' tests.
  // A test's few devices keep few messages in flight: with MQTT_URL, a handful of ingestion
  // connections instead of a fleet's thousand. The apps of a run share one database, so they
  // share its column key too, as a deployment's processes do.
  const config = loadConfig({
    DATA_DIR: dataDir,
    COLUMN_ENCRYPTION_KEY: 'the column key every test app of a run shares',
    LOG_LEVEL: 'silent',
    SIMULATOR: 'off',
    VIDEO: 'off',
    MQTT_INGEST_CONNECTIONS: '8',
    ...env,
  });
  const logger = createLogger(config);
  const own =
    options.database === 'own' ? await createDatabase(inject('databaseUrl'), 'portal_own') : null;
  if (own) await prepareDatabase(own.url, logger);
  const jobOptions = options.jobSchema
    ? { schema: options.jobSchema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }
    : {};
  const deps = await createDeps(config, own?.url ?? inject('databaseUrl'), logger, jobOptions);
  const app = await buildApp(deps);
  await app.ready();
  afterFile(async () => {
    await app.close();
    await closeDeps(deps);
    await own?.drop();
  });
  return { app, deps };
}

/** What a job run by hand in a test receives: the app's deps and its one command service. */
export function jobDepsOf({ app, deps }: TestApp): WorkerDeps {
  return { ...deps, commands: app.commands };
}

export interface EnvelopeResponse<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  raw: LightMyRequestResponse;
}

/** Injects a request and unpacks the envelope. `token` adds the bearer header. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<EnvelopeResponse<T>> {
  const { token, headers, ...rest } = options;
  const raw = await app.inject({
    ...rest,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // A 304 (the caller's If-None-Match still matched) has no body.
  const body =
    raw.body === ''
      ? { code: Number.NaN, msg: '', data: undefined as T }
      : raw.json<{ code: number; msg: string; data: T }>();
  return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
}

/** The developer's detail a refusal carries in `data` (the message is the catalogue text). */
export function refusalDetail(res: EnvelopeResponse<unknown>): string | undefined {
  const { data } = res as { data: { detail?: unknown } | null };
  return typeof data?.detail === 'string' ? data.detail : undefined;
}
