import { createShareLink, publicRealtime } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { ShareLinksService } from './share-links.service.js';

export function shareLinksRoutes(app: FastifyInstance, deps: AppDeps): void {
  const links = new ShareLinksService(deps);

  registerEndpoint(app, createShareLink, async ({ auth, params, body }) =>
    links.create(auth, params.sn, body.validHours),
  );

  registerEndpoint(app, publicRealtime, async ({ query, request }) =>
    links.realtime(query.token, request.ip),
  );
}
