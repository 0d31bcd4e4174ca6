import { registerPasskey, removePasskey, startPasskeyRegistration } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { Passkeys } from './passkeys.js';
import { relyingPartyOf } from './relying-party.js';

export function passkeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const passkeys = new Passkeys(deps.db);

  registerEndpoint(app, startPasskeyRegistration, ({ auth, request }) =>
    passkeys.registrationOptions(auth.userId, relyingPartyOf(request, deps.config.PASSKEY_RP_ID)),
  );

  registerEndpoint(app, registerPasskey, ({ auth, body, request }) =>
    passkeys.register(
      auth.userId,
      body.name,
      body.response,
      relyingPartyOf(request, deps.config.PASSKEY_RP_ID),
    ),
  );

  registerEndpoint(app, removePasskey, async ({ auth, params }) => {
    await passkeys.remove(auth.userId, params.id);
    return null;
  });
}
