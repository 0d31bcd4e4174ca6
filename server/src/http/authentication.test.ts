import { type Endpoint, ErrorCode, fillPath, getProfile } from '@solar/contract';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyOf } from '../test/access-cases.js';
import { CONTRACT_ENDPOINTS } from '../test/contract-endpoints.js';
import { buildUser } from '../test/factories.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';

const JWT_SECRET = 'a test secret of at least thirty-two characters';
const PUBLIC_ENDPOINTS = CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.access.kind === 'public');

let t: TestApp;
let expiredToken: string;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET });
  const user = await buildUser(t.deps);
  const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
  expiredToken = await new SignJWT({ sv: user.session_version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(anHourAgo - 900)
    .setExpirationTime(anHourAgo)
    .sign(new TextEncoder().encode(JWT_SECRET));
});

/** An endpoint's request with every path parameter set to 1 and no input: enough to reach it. */
function bareRequest(endpoint: Endpoint, authorization?: string) {
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name as string, 1]),
  );
  return t.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, params),
    ...(endpoint.method === 'GET' ? {} : { payload: {} }),
    ...(authorization ? { headers: { authorization } } : {}),
  });
}

function answerOf(res: Awaited<ReturnType<typeof bareRequest>>) {
  const isEnvelope = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, code: isEnvelope ? res.json<{ code: number }>().code : null };
}

it('finds public endpoints to check', () => {
  expect(PUBLIC_ENDPOINTS.length).toBeGreaterThan(10);
});

describe.each(PUBLIC_ENDPOINTS.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
  'public %s',
  (_key, endpoint) => {
    it('answers a call with an expired token as one without a token', async () => {
      const withoutToken = answerOf(await bareRequest(endpoint));
      const withExpiredToken = answerOf(await bareRequest(endpoint, `Bearer ${expiredToken}`));
      expect(withExpiredToken).toEqual(withoutToken);
      expect(withExpiredToken.status).not.toBe(401);
    });
  },
);

describe('a bad token', () => {
  it('still answers HTTP 401 on a secured endpoint, so the client refreshes', async () => {
    const res = await call(t.app, { method: 'GET', url: getProfile.path, token: expiredToken });
    expect(res.status).toBe(401);
    expect(res.code).toBe(ErrorCode.tokenInvalid);
  });

  it('is ignored by a public endpoint, malformed header and all', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/anonymous/language/dicts',
      headers: { authorization: 'Bearer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ code: number }>().code).toBe(ErrorCode.ok);
  });

  it('leaves an unknown path a 404', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/nowhere', token: expiredToken });
    expect(res.status).toBe(404);
  });
});
