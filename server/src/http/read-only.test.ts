import {
  editOwnProfile,
  ErrorCode,
  getProfile,
  listAuditEntries,
  listCompanyUsers,
  revokeToken,
  setCompanyUserReadOnly,
  updateCompany,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompanyWithStaff,
  buildUser,
  signIn,
  TEST_PASSWORD,
  tokenFor,
} from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function readOnlyMember() {
  const fixture = await buildCompanyWithStaff(t.deps, [
    'station.view',
    'company.user',
    'company.info',
  ]);
  const res = await callEndpoint(t.app, setCompanyUserReadOnly, {
    token: fixture.adminToken,
    params: { id: fixture.staff.id },
    body: { readOnly: 'true' },
  });
  expect(res.code, res.msg).toBe(0);
  expect(res.data?.isReadOnly).toBe(true);
  return fixture;
}

describe('read-only accounts', () => {
  it('refuses a staff member without company.user.edit with code 2', async () => {
    const { staff, staffToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, setCompanyUserReadOnly, {
      token: staffToken,
      params: { id: staff.id },
      body: { readOnly: 'true' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('refuses marking the company administrator or oneself read-only', async () => {
    const { admin, adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, setCompanyUserReadOnly, {
      token: adminToken,
      params: { id: admin.id },
      body: { readOnly: 'true' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('lets a read-only account read, and shows the flag in its profile', async () => {
    const { staffToken } = await readOnlyMember();
    const profile = await callEndpoint(t.app, getProfile, { token: staffToken });
    expect(profile.code).toBe(0);
    expect(profile.data?.readOnly).toBe(true);
    const members = await callEndpoint(t.app, listCompanyUsers, { token: staffToken });
    expect(members.code).toBe(ErrorCode.ok);
  });

  it('refuses every write of a read-only account with code 2 and changes nothing', async () => {
    const { staff, staffToken } = await readOnlyMember();
    const edit = await callEndpoint(t.app, editOwnProfile, {
      token: staffToken,
      body: { nickname: 'Changed' },
    });
    expect(edit.code).toBe(ErrorCode.noPermission);
    const row = await t.deps.db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.nickname).not.toBe('Changed');
    const company = await callEndpoint(t.app, updateCompany, {
      token: staffToken,
      body: { address: 'Nowhere' },
    });
    expect(company.code).toBe(ErrorCode.noPermission);
  });

  it('still lets a read-only account refresh its token and sign out', async () => {
    const { staff } = await readOnlyMember();
    const signedIn = await signIn(t.app, staff.email, TEST_PASSWORD);
    expect(signedIn.code).toBe(0);
    const refreshed = await signInRefresh(signedIn.data.refresh_token);
    expect(refreshed.code).toBe(0);
    const out = await callEndpoint(t.app, revokeToken, {
      token: refreshed.data.access_token,
      body: { refresh_token: refreshed.data.refresh_token },
    });
    expect(out.code).toBe(0);
  });

  it('makes the account writable again and audits both changes', async () => {
    const { staff, staffToken, adminToken } = await readOnlyMember();
    await callEndpoint(t.app, setCompanyUserReadOnly, {
      token: adminToken,
      params: { id: staff.id },
      body: { readOnly: 'false' },
    });
    const edit = await callEndpoint(t.app, editOwnProfile, {
      token: staffToken,
      body: { nickname: 'Writable' },
    });
    expect(edit.code).toBe(0);
    const platform = await buildUser(t.deps, { kind: 'platform_admin' });
    const log = await callEndpoint(t.app, listAuditEntries, {
      token: await tokenFor(t.deps, platform.id),
      query: { size: 200 },
    });
    const actions = log.data?.infos
      .filter((entry) => entry.target.includes(staff.email))
      .map((entry) => entry.action);
    expect(actions).toEqual(['account.writable', 'account.readOnly']);
  });
});

async function signInRefresh(refreshToken: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  return res.json<{ code: number; data: { access_token: string; refresh_token: string } }>();
}
