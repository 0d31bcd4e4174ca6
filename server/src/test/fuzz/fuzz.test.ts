import { type Endpoint, envelope } from '@solar/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_CASES, type AccessFixture, buildAccessFixture } from '../access-cases.js';
import { buildUser, tokenFor } from '../factories.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestsFor,
} from './openapi-requests.js';

/**
 * Generates requests from the OpenAPI document and injects them into the real app: no answer
 * may be HTTP 5xx, every answer is the `{code, msg, data}` envelope, and a code-0 answer matches
 * its endpoint's response schema. The seed is fixed (FUZZ_SEED overrides it to explore) and
 * the count bounded, so CI runs the same few thousand requests every time.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS_PER_OPERATION = 16;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
const anyEnvelope = z.strictObject({ code: z.number().int(), msg: z.string(), data: z.unknown() });

let fixture: AccessFixture;
let tokens: Record<FuzzRequest['caller'], string | null>;

beforeAll(async () => {
  fixture = await buildAccessFixture(t.deps);
  // A generated request may turn the company's second-factor policy on; with a factor of their
  // own the administrator's later requests still reach their endpoints instead of answering 113.
  await t.deps.db
    .insertInto('second_factors')
    .values({ user_id: fixture.adminId, totp_secret: 'unused', enabled_at: new Date() })
    .execute();
  const platformAdmin = await buildUser(t.deps, { kind: 'platform_admin' });
  tokens = {
    companyAdmin: await tokenFor(t.deps, fixture.adminId),
    platformAdmin: await tokenFor(t.deps, platformAdmin.id),
    owner: await tokenFor(t.deps, fixture.customerUserId),
    anonymous: null,
    invalidToken: 'not-a-token',
  };
});

const keyOf = (method: string, path: string) => `${method} ${path}`;

function problemWith(response: LightMyRequestResponse, endpoint: Endpoint | undefined) {
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}`;
  const contentType = String(response.headers['content-type'] ?? '');
  // A download answers its file on success; refusals are checked like any answer.
  if (
    endpoint?.download &&
    response.statusCode === 200 &&
    contentType.startsWith(endpoint.download.contentType)
  ) {
    return null;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `not JSON (${response.headers['content-type']})`;
  }
  const parsed = anyEnvelope.safeParse(body);
  if (!parsed.success) return 'not the {code, msg, data} envelope';
  if (parsed.data.code !== 0 || !endpoint) return null;
  const matches = envelope(endpoint.data).safeParse(body);
  return matches.success ? null : `code 0 off its schema: ${matches.error.issues[0]?.message}`;
}

/** Destructive calls go last, so the fixture objects stay for the calls that read them. */
const DESTRUCTIVE_LAST = (a: Operation, b: Operation) =>
  Number(a.method === 'DELETE') - Number(b.method === 'DELETE');

it('answers every generated request without 5xx, in the envelope, code 0 on schema', async () => {
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/docs/json' })
  ).json<OpenApiDocument>();
  const endpoints = new Map(
    t.app.registeredEndpoints.map((endpoint) => [keyOf(endpoint.method, endpoint.path), endpoint]),
  );
  const ids = Object.values(fixture).filter((value): value is number => typeof value === 'number');
  const operations = operationsOf(document).sort(DESTRUCTIVE_LAST);
  const problems = new Map<string, string>();
  let count = 0;

  for (const [index, operation] of operations.entries()) {
    const key = keyOf(operation.method, operation.routePath);
    const endpoint = endpoints.get(key);
    const accessCase = ACCESS_CASES[key];
    const sample = accessCase?.kind === 'secured' ? accessCase.sample(fixture) : undefined;
    const arbitrary = requestsFor(operation, { ids, sample, upload: endpoint?.upload });
    const requests = fc.sample(arbitrary, { seed: SEED + index, numRuns: REQUESTS_PER_OPERATION });
    for (const request of requests) {
      const token = tokens[request.caller];
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      count += 1;
      const problem = problemWith(response, endpoint);
      if (problem && !problems.has(`${key} ${problem}`)) {
        const shown =
          `${request.method} ${request.url.slice(0, 160)} as ${request.caller} ` +
          `[${request.headers['content-type'] ?? 'no content type'}]: ${problem}: ` +
          response.body.slice(0, 300);
        problems.set(`${key} ${problem}`, shown);
      }
    }
  }

  expect(count).toBeGreaterThan(1000);
  expect([...problems.values()], `seed ${SEED}`).toEqual([]);
}, 300_000);
