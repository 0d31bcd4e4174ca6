import {
  changePassword,
  ErrorCode,
  getProfile,
  issueToken,
  revokeToken,
  setCompanyUserEnabled,
  updateCompanyUser,
  updateRole,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompanyWithStaff,
  buildRole,
  buildUser,
  signIn,
  TEST_PASSWORD,
} from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

// Two server processes on one database: they share the signing key, nothing else.
const SHARED_ENV = { JWT_SECRET: 'sessions-test-secret-of-at-least-32-chars' };
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  [t, other] = await Promise.all([buildTestApp(SHARED_ENV), buildTestApp(SHARED_ENV)]);
});

type Tokens = { access_token: string; refresh_token: string };

async function session(email: string): Promise<Tokens> {
  const res = await signIn(t.app, email);
  expect(res.code).toBe(0);
  return res.data;
}

/** The status of a signed-in call with `accessToken`, on this process or the other one. */
async function statusWith(accessToken: string, app = t.app): Promise<number> {
  return (await callEndpoint(app, getProfile, { token: accessToken })).status;
}

function refresh(refreshToken: string) {
  return callEndpoint(t.app, issueToken, {
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
}

describe('access tokens die with the session', () => {
  it('answers 401 on both processes after sign-out; another session refreshes and goes on', async () => {
    const user = await buildUser(t.deps);
    const signingOut = await session(user.email);
    const elsewhere = await session(user.email);
    expect(await statusWith(signingOut.access_token, other.app)).toBe(200);
    const out = await callEndpoint(t.app, revokeToken, {
      token: signingOut.access_token,
      body: { refresh_token: signingOut.refresh_token },
    });
    expect(out.code).toBe(0);
    expect(await statusWith(signingOut.access_token)).toBe(401);
    // The other process had the account cached: the database's change notification drops it.
    await expect
      .poll(() => statusWith(signingOut.access_token, other.app), { timeout: 2000, interval: 20 })
      .toBe(401);
    expect((await refresh(signingOut.refresh_token)).status).toBe(401);
    expect(await statusWith(elsewhere.access_token)).toBe(401);
    const renewed = await refresh(elsewhere.refresh_token);
    expect(renewed.code).toBe(0);
    expect(await statusWith(renewed.data.access_token, other.app)).toBe(200);
  });

  it('answers 401 after a password change; the tokens of the change work', async () => {
    const user = await buildUser(t.deps);
    const before = await session(user.email);
    const changed = await callEndpoint(other.app, changePassword, {
      params: { id: user.id },
      token: before.access_token,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Changed2026' },
    });
    expect(changed.code).toBe(0);
    expect(await statusWith(before.access_token)).toBe(401);
    expect((await refresh(before.refresh_token)).status).toBe(401);
    expect(await statusWith(changed.data.access_token)).toBe(200);
  });

  it("answers 401 after the member's role changes; a refresh carries the new rights", async () => {
    const { company, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const role = await buildRole(t.deps, company.id, ['station.view', 'company.info']);
    const member = await session(staff.email);
    const res = await callEndpoint(other.app, updateCompanyUser, {
      params: { id: staff.id },
      token: adminToken,
      body: { roleId: role.id },
    });
    expect(res.code).toBe(0);
    expect(await statusWith(member.access_token)).toBe(401);
    const renewed = await refresh(member.refresh_token);
    expect(await statusWith(renewed.data.access_token)).toBe(200);
  });

  it("answers 401 after the rights of the member's role change", async () => {
    const { role, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const member = await session(staff.email);
    const res = await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: adminToken,
      body: { permissions: ['station.view', 'company.info'] },
    });
    expect(res.code).toBe(0);
    expect(await statusWith(member.access_token, other.app)).toBe(401);
  });

  it('keeps tokens when only the name of the role changes', async () => {
    const { role, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const member = await session(staff.email);
    await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: adminToken,
      body: { name: `Renamed ${role.id}` },
    });
    expect(await statusWith(member.access_token)).toBe(200);
  });

  it('answers 401 after disabling, and the refresh token answers 401 too', async () => {
    const { staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const member = await session(staff.email);
    const res = await callEndpoint(other.app, setCompanyUserEnabled, {
      params: { id: staff.id },
      token: adminToken,
      body: { enabled: 'false' },
    });
    expect(res.code).toBe(0);
    expect(await statusWith(member.access_token)).toBe(401);
    expect((await refresh(member.refresh_token)).status).toBe(401);
    expect((await signIn(t.app, staff.email)).code).toBe(ErrorCode.accountDisabled);
  });
});
