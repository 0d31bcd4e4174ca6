import {
  callerIp,
  checkAccount,
  checkCode,
  requestCode,
  resetPassword,
  signup,
} from '@solar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { requestBrandId } from '../http/request-brand.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { AccountsService } from './accounts.service.js';

export function accountsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const anonymous = new AccountsService(deps);
  const brandOf = (request: FastifyRequest) => requestBrandId(deps.brands, request);

  registerEndpoint(app, requestCode, async ({ query, request }) => {
    await anonymous.requestCode(query.email, query.type, request.ip, await brandOf(request));
    return null;
  });

  registerEndpoint(app, checkCode, async ({ query, request }) => {
    const input = { email: query.email, purpose: query.type, code: query.code };
    await anonymous.checkCode(input, request.ip, await brandOf(request));
    return null;
  });

  registerEndpoint(app, checkAccount, async ({ query, request }) =>
    anonymous.checkAccount(query.email, request.ip, await brandOf(request)),
  );

  registerEndpoint(app, signup, async ({ body, request }) =>
    anonymous.signup(body, request.ip, await brandOf(request)),
  );

  registerEndpoint(app, resetPassword, async ({ body, request }) => {
    await anonymous.resetPassword(body, request.ip, await brandOf(request));
    return null;
  });

  registerEndpoint(app, callerIp, async ({ request }) => ({ ip: request.ip }));
}
