import {
  type AuditAction,
  type Endpoint,
  type EndpointData,
  ErrorCode,
  listAuditEntries,
} from '@solar/contract';
import { expect } from 'vitest';
import { callEndpoint, endpointData, type EndpointCall } from './call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInPlatformAdmin } from './factories.js';
import { buildTestApp, type EnvelopeResponse, type TestApp } from './test-app.js';

/** What the tests of a `/management` area start from. */
export interface PlatformAdminContext {
  t: TestApp;
  /** A platform administrator's token, allowed every management call. */
  platformToken: string;
  /** A company administrator's token, refused every management call. */
  adminToken: string;
  /** Calls `endpoint` with `adminToken`. */
  callAsCompanyAdmin<E extends Endpoint>(
    endpoint: E,
    input?: EndpointCall<E>,
  ): Promise<EnvelopeResponse<EndpointData<E>>>;
}

export async function buildPlatformAdminContext(): Promise<PlatformAdminContext> {
  const t = await buildTestApp({ LOG_LEVEL: 'error' });
  const { token: platformToken } = await buildSignedInPlatformAdmin(t.deps);
  const { adminToken } = await buildCompanyWithStaff(t.deps);
  return {
    t,
    platformToken,
    adminToken,
    callAsCompanyAdmin: (endpoint, input = {}) =>
      callEndpoint(t.app, endpoint, { ...input, token: adminToken }),
  };
}

/** Fails unless the audit log holds an entry on `target` for each of the actions. */
export async function expectAudited(
  { t, platformToken }: PlatformAdminContext,
  target: string,
  actions: readonly AuditAction[],
): Promise<void> {
  for (const action of actions) {
    const log = await endpointData(t.app, listAuditEntries, {
      token: platformToken,
      query: { action, size: 200 },
    });
    expect(
      log.infos.some((row) => row.target === target),
      action,
    ).toBe(true);
  }
}

let suffixSeq = 0;

/** A suffix no other call in this test run returns, for names and codes that must be unique. */
export function uniqueSuffix(): string {
  suffixSeq += 1;
  return `${Date.now().toString(36)}-${suffixSeq}`;
}

/** How many adds of one key race each other: the standard's 50 parallel requests. */
export const PARALLEL_ADDS = 50;

/** Sends `PARALLEL_ADDS` adds of one key at once: exactly one succeeds, the rest answer 5000. */
export async function expectOneOfParallelAdds(add: () => Promise<{ code: number }>): Promise<void> {
  const answers = await Promise.all(Array.from({ length: PARALLEL_ADDS }, add));
  const codes = answers.map((answer) => answer.code);
  expect(codes.filter((code) => code === ErrorCode.ok)).toHaveLength(1);
  expect(codes.filter((code) => code === ErrorCode.codeExists)).toHaveLength(PARALLEL_ADDS - 1);
}
