import { disableTotp, enableTotp, secondFactorStatus, startTotpSetup } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { SecondFactors } from './second-factor.js';

export function secondFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const factors = new SecondFactors(deps.db);

  registerEndpoint(app, secondFactorStatus, ({ auth }) => factors.state(auth.userId));

  registerEndpoint(app, startTotpSetup, async ({ auth }) => {
    const user = await deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    return factors.startSetup(auth.userId, user.email);
  });

  registerEndpoint(app, enableTotp, async ({ auth, body }) => ({
    recoveryCodes: await factors.enable(auth.userId, body.code),
  }));

  registerEndpoint(app, disableTotp, async ({ auth, body }) => {
    await factors.disable(auth.userId, body.password);
    return null;
  });
}
