import { fileURLToPath } from 'node:url';
import type { Endpoint } from '@solar/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import type { AuthContext } from '../auth/auth-context.js';
import {
  ACCESS_CASES,
  type AccessFixture,
  buildAccessFixture,
  keyOf,
  requestFor,
} from '../test/access-cases.js';
import { buildSignedInPlatformAdmin, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * The contract's `isCompanyScoped` flag is the one list of endpoints that work in a chosen
 * company's context: the web client sends `X-Company` to those alone and the server honours it
 * there alone. This walk proves the flag tells the truth: an endpoint is flagged exactly when
 * its handler applies the tenant rules of `tenant.ts` to the caller.
 */
const TENANT_RULES = fileURLToPath(new URL('./tenant.ts', import.meta.url));

// Its own database: as a platform administrator the walk also edits the shared reference data.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { database: 'own' });
});
const readers = new Set<string>();
let walking = '';

/** The caller's context, noting the endpoint walked whenever a tenant rule reads it. */
function watched(context: AuthContext): AuthContext {
  return new Proxy(context, {
    get(target, property, receiver) {
      if (new Error().stack?.includes(TENANT_RULES)) readers.add(walking);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

let fixture: AccessFixture;
let platformAdminId: number;

beforeAll(async () => {
  fixture = await buildAccessFixture(t.deps);
  platformAdminId = (await buildSignedInPlatformAdmin(t.deps)).user.id;
  const { enabledUsers } = t.deps;
  const load = enabledUsers.get.bind(enabledUsers);
  vi.spyOn(enabledUsers, 'get').mockImplementation(async (userId) => {
    const user = await load(userId);
    return user && { ...user, context: watched(user.context) };
  });
});

/**
 * Calls every secured endpoint as a platform administrator, who holds every permission; without
 * a chosen company the company-side writes stop at the tenant rules and change nothing.
 */
async function endpointsApplyingTenantRules(endpoints: readonly Endpoint[]): Promise<string[]> {
  for (const endpoint of endpoints) {
    const entry = ACCESS_CASES[keyOf(endpoint)];
    if (entry?.kind !== 'secured') continue;
    walking = keyOf(endpoint);
    // A fresh token each time: the walk passes sign-out and password changes too.
    const token = await tokenFor(t.deps, platformAdminId);
    const request = requestFor(endpoint, entry.sample(fixture));
    await t.app.inject({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    });
  }
  return [...readers].sort();
}

it('flags exactly the endpoints whose handlers apply the tenant rules', async () => {
  const endpoints = t.app.registeredEndpoints;
  const flagged = endpoints.filter((endpoint) => endpoint.isCompanyScoped).map(keyOf);
  expect(flagged.length).toBeGreaterThan(0);
  expect(await endpointsApplyingTenantRules(endpoints)).toEqual(flagged.sort());
}, 120_000);
