import {
  callerIp,
  checkAccount,
  checkCode,
  requestCode,
  resetPassword,
  signup,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { AnonymousService } from './anonymous.service.js';

export function anonymousRoutes(app: FastifyInstance, deps: AppDeps): void {
  const anonymous = new AnonymousService(deps);

  registerEndpoint(app, requestCode, async ({ query, request }) => {
    await anonymous.requestCode(query.email, query.type, request.ip);
    return null;
  });

  registerEndpoint(app, checkCode, async ({ query, request }) => {
    await anonymous.checkCode(query.email, query.type, query.code, request.ip);
    return null;
  });

  registerEndpoint(app, checkAccount, async ({ query, request }) =>
    anonymous.checkAccount(query.email, request.ip),
  );

  registerEndpoint(app, signup, async ({ body, request }) => anonymous.signup(body, request.ip));

  registerEndpoint(app, resetPassword, async ({ body, request }) => {
    await anonymous.resetPassword(body, request.ip);
    return null;
  });

  registerEndpoint(app, callerIp, async ({ request }) => ({ ip: request.ip }));
}
