import {
  createFullscreenLink,
  fullscreenDisplay,
  fullscreenLinks,
  publicFullscreen,
  revokeFullscreenLink,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { FullscreenService } from './fullscreen.service.js';

export function fullscreenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const fullscreen = new FullscreenService(deps);

  registerEndpoint(app, fullscreenDisplay, async ({ auth, query }) =>
    fullscreen.display(auth, query.plantId),
  );
  registerEndpoint(app, createFullscreenLink, async ({ auth, body }) =>
    fullscreen.create(auth, body.plantId, body.validHours),
  );
  registerEndpoint(app, fullscreenLinks, async ({ auth }) => fullscreen.list(auth));
  registerEndpoint(app, revokeFullscreenLink, async ({ auth, params }) =>
    fullscreen.revoke(auth, params.id),
  );
  registerEndpoint(app, publicFullscreen, async ({ query, request }) =>
    fullscreen.shared(query.token, request.ip),
  );
}
