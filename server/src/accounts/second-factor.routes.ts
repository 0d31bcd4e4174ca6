import { disableTotp, enableTotp, secondFactorStatus, startTotpSetup } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { SecondFactors } from './second-factor.js';

export function secondFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const factors = new SecondFactors(deps);

  registerEndpoint(app, secondFactorStatus, ({ auth }) => factors.state(auth.userId));

  registerEndpoint(app, startTotpSetup, ({ auth }) => factors.startSetup(auth.userId));

  registerEndpoint(app, enableTotp, async ({ auth, body }) => ({
    recoveryCodes: await factors.enable(auth.userId, body.code),
  }));

  registerEndpoint(app, disableTotp, async ({ auth, body }) => {
    await factors.disable(auth.userId, body.password);
    return null;
  });
}
