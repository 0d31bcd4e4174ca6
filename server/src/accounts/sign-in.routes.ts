import { issueToken, revokeToken } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { requestBrandId } from '../http/request-brand.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { SignInService } from './sign-in.service.js';

export function signInRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = new SignInService(deps);

  registerEndpoint(app, issueToken, async ({ body, request }) => {
    const brandId = await requestBrandId(deps.brands, request);
    return body.grant_type === 'password'
      ? auth.signInWithPassword(body.username, body.password, request.ip, brandId)
      : auth.refresh(body.refresh_token, brandId);
  });

  registerEndpoint(app, revokeToken, async ({ body, auth: caller }) => {
    await auth.signOut(body.refresh_token, caller.userId);
    return null;
  });
}
