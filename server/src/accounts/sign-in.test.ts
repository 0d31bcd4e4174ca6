import { ErrorCode, health, issueToken, revokeToken } from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from '../auth/refresh-tokens.js';
import { buildUser, signIn, TEST_PASSWORD, uniqueEmail } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

function refresh(refreshToken: string) {
  return callEndpointLoosely(t.app, issueToken, {
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    }).toString(),
  });
}

describe('POST /oauth/token', () => {
  it('answers code 4 naming the field when the grant is malformed', async () => {
    const res = await callEndpointLoosely(t.app, issueToken, {
      body: { grant_type: 'password', username: 'a@b.cd' },
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(res.data)).toContain('password');
  });

  it('refuses unknown fields with code 4', async () => {
    const res = await callEndpointLoosely(t.app, issueToken, {
      body: { grant_type: 'password', username: 'a@b.cd', password: 'x', admin: true },
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(res.data)).toContain('admin');
  });

  it('answers malformed JSON with code 4 and no stack trace', async () => {
    const res = await callEndpointLoosely(t.app, issueToken, {
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.raw.body).not.toContain('at ');
  });

  it('answers an unsupported content type with a 4xx envelope', async () => {
    const res = await callEndpointLoosely(t.app, issueToken, {
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('answers 102 for a wrong password and for an unknown account', async () => {
    const user = await buildUser(t.deps);
    expect((await signIn(t.app, user.email, 'Wrong1234')).code).toBe(ErrorCode.wrongCredentials);
    expect((await signIn(t.app, uniqueEmail('nobody'))).code).toBe(ErrorCode.wrongCredentials);
  });

  it('answers 101 for a disabled account with the right password', async () => {
    const user = await buildUser(t.deps, { isEnabled: false });
    expect((await signIn(t.app, user.email)).code).toBe(ErrorCode.accountDisabled);
  });

  it('signs in with form-encoded credentials and the token opens the API', async () => {
    const user = await buildUser(t.deps);
    const res = await callEndpointLoosely(t.app, issueToken, {
      body: new URLSearchParams({
        grant_type: 'password',
        username: user.email.toUpperCase(),
        password: TEST_PASSWORD,
      }).toString(),
    });
    expect(res.code).toBe(0);
    expect(res.data.token_type).toBe('bearer');
    expect(res.data.expires_in).toBeGreaterThan(0);
  });

  it('refuses a sixth guess from one address within 15 minutes, even the right password', async () => {
    const user = await buildUser(t.deps);
    for (let i = 0; i < 5; i++)
      expect((await signIn(t.app, user.email, 'Wrong1234')).code).toBe(ErrorCode.wrongCredentials);
    expect((await signIn(t.app, user.email)).code).toBe(ErrorCode.tooManyAttempts);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use', async () => {
    const user = await buildUser(t.deps);
    const first = await signIn(t.app, user.email);
    const second = await refresh(first.data.refresh_token);
    expect(second.code).toBe(0);
    expect(second.data.refresh_token).not.toBe(first.data.refresh_token);
  });

  it('gives each of two parallel refreshes with one token a working token of the family', async () => {
    const user = await buildUser(t.deps);
    const first = await signIn(t.app, user.email);
    const tabs = await Promise.all([
      refresh(first.data.refresh_token),
      refresh(first.data.refresh_token),
    ]);
    expect(tabs.map((tab) => tab.code)).toEqual([0, 0]);
    for (const tab of tabs) expect((await refresh(tab.data.refresh_token)).code).toBe(0);
  });

  it('revokes the whole family when a token rotated before the grace is presented again', async () => {
    const user = await buildUser(t.deps);
    const first = await signIn(t.app, user.email);
    const second = await refresh(first.data.refresh_token);
    await t.deps.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql<Date>`now() - make_interval(secs => ${REUSE_GRACE_SECONDS + 1})` })
      .where('user_id', '=', user.id)
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await refresh(first.data.refresh_token);
    expect(replay.status).toBe(401);
    const afterTheft = await refresh(second.data.refresh_token);
    expect(afterTheft.status).toBe(401);
  });

  it('sign-out revokes the refresh token', async () => {
    const user = await buildUser(t.deps);
    const session = await signIn(t.app, user.email);
    const out = await callEndpoint(t.app, revokeToken, {
      token: session.data.access_token,
      body: { refresh_token: session.data.refresh_token },
    });
    expect(out.code).toBe(0);
    expect((await refresh(session.data.refresh_token)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers HTTP 401 for a forged token', async () => {
    const res = await callEndpoint(t.app, revokeToken, {
      token: 'not-a-jwt',
      body: { refresh_token: 'x' },
    });
    expect(res.status).toBe(401);
    expect(res.code).toBe(ErrorCode.tokenInvalid);
  });

  it('answers HTTP 401 without a token on a signed-in route', async () => {
    const res = await callEndpoint(t.app, revokeToken, { body: { refresh_token: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe('framework edges', () => {
  it('answers an unknown API route with HTTP 404 in the envelope', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.status).toBe(404);
  });

  it('reports health', async () => {
    const res = await callEndpoint(t.app, health);
    expect(res.data.status).toBe('ok');
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty('/oauth/token');
  });
});
