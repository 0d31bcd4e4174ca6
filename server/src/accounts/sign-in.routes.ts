import { issueToken, revokeToken } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { deviceTokenOf, setDeviceCookie } from '../auth/device-cookie.js';
import { requestBrandId } from '../http/request-brand.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { relyingPartyOf } from './relying-party.js';
import { SignInService } from './sign-in.service.js';

export function signInRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = new SignInService(deps);

  registerEndpoint(app, issueToken, async ({ body, request, reply }) => {
    const brandId = await requestBrandId(deps.brands, request);
    if (body.grant_type === 'refresh_token') return auth.refresh(body.refresh_token, brandId);
    const { tokens, deviceToken } = await auth.signInWithPassword(
      {
        username: body.username,
        password: body.password,
        otp: body.otp,
        recoveryCode: body.recovery_code,
        passkey: body.webauthn,
        rememberDevice: body.remember_device === 'true',
      },
      {
        ip: request.ip,
        deviceToken: deviceTokenOf(request),
        relyingParty: relyingPartyOf(request, deps.config.PASSKEY_RP_ID),
      },
      brandId,
    );
    setDeviceCookie(request, reply, deviceToken);
    return tokens;
  });

  registerEndpoint(app, revokeToken, async ({ body, auth: caller }) => {
    await auth.signOut(body.refresh_token, caller.userId);
    return null;
  });
}
