import { health, healthLive, healthReady } from '@solar/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { registerEndpoint } from '../http/endpoint-route.js';

/** A probe must answer before the load balancer's own timeout, even when connecting hangs. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

type MigrationState = 'ok' | 'pending' | 'unknown';

async function migrationState(db: Db): Promise<MigrationState> {
  return (await pendingMigrations(db)).length > 0 ? 'pending' : 'ok';
}

function withinTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), DATABASE_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

async function readiness(db: Db, reply: FastifyReply) {
  const migrations = await withinTimeout<MigrationState>(migrationState(db), 'unknown');
  const isReady = migrations === 'ok';
  if (!isReady) void reply.code(503);
  return {
    status: isReady ? ('ok' as const) : ('degraded' as const),
    database: migrations === 'unknown' ? ('unreachable' as const) : ('ok' as const),
    migrations,
    uptimeSeconds: Math.round(process.uptime()),
  };
}

export function systemRoutes(app: FastifyInstance, { db }: AppDeps): void {
  registerEndpoint(app, health, ({ reply }) => readiness(db, reply));
  registerEndpoint(app, healthReady, ({ reply }) => readiness(db, reply));
  registerEndpoint(app, healthLive, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
  }));
}
