import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../http/endpoint.js';

const readiness = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  /** `unknown` while the database is unreachable. */
  migrations: z.enum(['ok', 'pending', 'unknown']),
  uptimeSeconds: z.number(),
});

/** Readiness (kept at `/health` for existing load-balancer checks): HTTP 503 when degraded. */
export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary:
    'Readiness for load balancers: HTTP 503 while the database is unreachable or migrations are pending',
  tag: 'system',
  access: publicAccess,
  data: readiness,
});

export const healthReady = defineEndpoint({
  method: 'GET',
  path: '/health/ready',
  summary: 'Readiness, the same as /health: HTTP 503 while the process must get no traffic',
  tag: 'system',
  access: publicAccess,
  data: readiness,
});

export const healthLive = defineEndpoint({
  method: 'GET',
  path: '/health/live',
  summary:
    'Liveness: HTTP 200 while the process answers, 503 once the database has been unreachable for longer than DATABASE_OUTAGE_LIVENESS_SECONDS',
  tag: 'system',
  access: publicAccess,
  data: z.object({ status: z.enum(['ok', 'dead']), uptimeSeconds: z.number() }),
});
