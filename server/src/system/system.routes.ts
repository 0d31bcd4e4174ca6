import { health } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';

export function systemRoutes(app: FastifyInstance, { db }: AppDeps): void {
  registerEndpoint(app, health, async () => {
    const isDatabaseUp = await sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
    return {
      status: isDatabaseUp ? 'ok' : 'degraded',
      database: isDatabaseUp ? 'ok' : 'unreachable',
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
