import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../http/endpoint.js';

export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database readiness, for load balancers',
  tag: 'system',
  access: publicAccess,
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    uptimeSeconds: z.number(),
  }),
});
