import { issueToken, revokeToken } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { AuthService } from './auth.service.js';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = new AuthService(deps);

  registerEndpoint(app, issueToken, async ({ body, request }) =>
    body.grant_type === 'password'
      ? auth.signInWithPassword(body.username, body.password, request.ip)
      : auth.refresh(body.refresh_token),
  );

  registerEndpoint(app, revokeToken, async ({ body, auth: caller }) => {
    await auth.signOut(body.refresh_token, caller.userId);
    return null;
  });
}
