import { health, healthLive, healthReady } from '@solar/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { DatabaseOutage } from './database-outage.js';

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

async function readiness(db: Db, outage: DatabaseOutage, reply: FastifyReply) {
  const checkedAt = Date.now();
  const migrations = await withinTimeout<MigrationState>(migrationState(db), 'unknown');
  outage.observe(migrations !== 'unknown', checkedAt);
  const isReady = migrations === 'ok';
  if (!isReady) void reply.code(503);
  return {
    status: isReady ? ('ok' as const) : ('degraded' as const),
    database: migrations === 'unknown' ? ('unreachable' as const) : ('ok' as const),
    migrations,
    uptimeSeconds: Math.round(process.uptime()),
  };
}

export function systemRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const outage = new DatabaseOutage(
    async () => (await withinTimeout<MigrationState>(migrationState(db), 'unknown')) !== 'unknown',
    config.DATABASE_OUTAGE_LIVENESS_SECONDS * 1000,
  );
  registerEndpoint(app, health, ({ reply }) => readiness(db, outage, reply));
  registerEndpoint(app, healthReady, ({ reply }) => readiness(db, outage, reply));
  registerEndpoint(app, healthLive, async ({ reply }) => {
    // Restarting the process is all an orchestrator can try when the database stays away.
    const isDead = outage.hasOutlasted();
    if (isDead) void reply.code(503);
    return {
      status: isDead ? ('dead' as const) : ('ok' as const),
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
