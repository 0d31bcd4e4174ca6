import { type Endpoint, ErrorCode, PLATFORM_ONLY_PERMISSIONS } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_CASES,
  type AccessCase,
  type AccessFixture,
  buildAccessFixture,
  keyOf,
  requestFor,
} from '../test/access-cases.js';
import { CONTRACT_ENDPOINTS } from '../test/contract-endpoints.js';
import { buildCompanyWithStaff, tokenFor } from '../test/factories.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';

/**
 * Walks every endpoint registered through `registerEndpoint` and proves its access rule on the
 * real app: 401 without a token, code 2 for staff without the permission, and, for calls that
 * name company-owned objects, a refusal for another company's administrator with nothing changed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
// Read from the contract, not the app: the walk is declared when the file is collected, before
// `beforeAll` builds the app; the first test proves the app registers exactly these.
const endpoints = CONTRACT_ENDPOINTS;

let fixture: AccessFixture;
let unprivilegedToken: string;
let outsiderToken: string;

beforeAll(async () => {
  fixture = await buildAccessFixture(t.deps);
  const { staff } = await buildCompanyWithStaff(t.deps, []);
  unprivilegedToken = await tokenFor(t.deps, staff.id);
  outsiderToken = (await buildCompanyWithStaff(t.deps)).adminToken;
});

function caseOf(endpoint: Endpoint): AccessCase {
  const entry = ACCESS_CASES[keyOf(endpoint)];
  if (!entry) {
    throw new Error(
      `${keyOf(endpoint)} has no entry in server/src/test/access-cases.ts: add one (public, secured or owned)`,
    );
  }
  return entry;
}

it('registers exactly the endpoints the contract defines', () => {
  expect(t.app.registeredEndpoints.map(keyOf).sort()).toEqual(endpoints.map(keyOf).sort());
});

it('finds endpoints to check', () => {
  expect(endpoints.length).toBeGreaterThan(0);
});

it('has an entry in access-cases.ts for every registered endpoint', () => {
  const missing = endpoints.map(keyOf).filter((key) => !(key in ACCESS_CASES));
  expect(missing, `endpoints without an access case: ${missing.join(', ')}`).toEqual([]);
});

describe.each(endpoints.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
  '%s',
  (_key, endpoint) => {
    it('is described by its access case', () => {
      const entry = caseOf(endpoint);
      expect(entry.kind === 'public').toBe(endpoint.access.kind === 'public');
    });

    if (endpoint.access.kind === 'public') return;

    it('answers HTTP 401 without a token', async () => {
      const entry = caseOf(endpoint);
      if (entry.kind !== 'secured') return;
      const res = await t.app.inject(requestFor(endpoint, entry.sample(fixture)));
      expect(res.statusCode).toBe(401);
      expect(res.json<{ code: number }>().code).toBe(ErrorCode.tokenInvalid);
    });

    const { access } = endpoint;
    if (access.kind === 'permission') {
      it(`answers code 2 to staff without ${access.permission}`, async () => {
        const entry = caseOf(endpoint);
        if (entry.kind !== 'secured') return;
        const res = await call(t.app, {
          ...requestFor(endpoint, entry.sample(fixture)),
          token: unprivilegedToken,
        });
        expect(res.code).toBe(ErrorCode.noPermission);
      });
    }

    if (access.kind === 'permission' && PLATFORM_ONLY_PERMISSIONS.includes(access.permission)) {
      it('answers code 2 to a company administrator (system management is platform-only)', async () => {
        const entry = caseOf(endpoint);
        if (entry.kind !== 'secured') return;
        const res = await call(t.app, {
          ...requestFor(endpoint, entry.sample(fixture)),
          token: outsiderToken,
        });
        expect(res.code).toBe(ErrorCode.noPermission);
      });
    }

    const declared = ACCESS_CASES[keyOf(endpoint)];
    if (declared?.kind === 'secured' && declared.snapshot) {
      const snapshot = declared.snapshot;
      it("refuses another company's administrator and changes nothing", async () => {
        const before = await snapshot(fixture);
        const res = await call(t.app, {
          ...requestFor(endpoint, declared.sample(fixture)),
          token: outsiderToken,
        });
        // Code 4 would mean the sample itself is invalid and the tenant rule was never reached.
        expect(res.code, res.msg).not.toBe(ErrorCode.ok);
        expect(res.code, res.msg).not.toBe(ErrorCode.validation);
        expect(await snapshot(fixture)).toEqual(before);
      });
    }
  },
);
