import {
  checkCompanyUserEmail,
  createCompanyUser,
  deleteCompanyUser,
  ErrorCode,
  getCompany,
  issueToken,
  listCompanyUsers,
  setCompanyUserEnabled,
  updateCompanyUser,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompanyWithStaff,
  buildRole,
  buildUser,
  signIn,
  TEST_PASSWORD,
  tokenFor,
  uniqueEmail,
} from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function userRow(id: number) {
  return t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('GET /api/v1/company/users', () => {
  it('answers 401 without a token and 2 without company.user', async () => {
    expect((await callEndpoint(t.app, listCompanyUsers)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, listCompanyUsers, { token: staffToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it("lists only the caller's company, paged and searchable", async () => {
    const { admin, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const all = await callEndpoint(t.app, listCompanyUsers, { token: adminToken });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(2);
    expect(all.data.infos.map((m) => m.id).sort()).toEqual([admin.id, staff.id].sort());
    expect(all.data.infos.map((m) => m.id)).not.toContain(other.staff.id);
    expect(JSON.stringify(all.data)).not.toContain('password');

    const found = await callEndpoint(t.app, listCompanyUsers, {
      token: adminToken,
      query: { search: staff.email.slice(0, 12).toUpperCase(), page: '1', size: '1' },
    });
    expect(found.data.infos.map((m) => m.id)).toEqual([staff.id]);
    const bad = await callEndpoint(t.app, listCompanyUsers, {
      token: adminToken,
      query: { size: '0' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});

describe('POST /api/v1/company/user', () => {
  it('answers code 4 for a weak password or bad e-mail', async () => {
    const { role, adminToken } = await buildCompanyWithStaff(t.deps);
    for (const payload of [
      { email: uniqueEmail(), nickname: 'Ann', password: 'weak', roleId: role.id },
      { email: 'not-mail', nickname: 'Ann', password: 'Strong123', roleId: role.id },
    ]) {
      const res = await callEndpoint(t.app, createCompanyUser, {
        token: adminToken,
        body: payload,
      });
      expect(res.code).toBe(ErrorCode.validation);
    }
  });

  it('answers 104 for an existing account and 106 for a member of another company', async () => {
    const { role, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    const base = { nickname: 'Ann', password: 'Strong123', roleId: role.id };
    const exists = await callEndpoint(t.app, createCompanyUser, {
      token: adminToken,
      body: { ...base, email: owner.email.toUpperCase() },
    });
    expect(exists.code).toBe(ErrorCode.accountExists);
    const foreign = await callEndpoint(t.app, createCompanyUser, {
      token: adminToken,
      body: { ...base, email: other.staff.email },
    });
    expect(foreign.code).toBe(ErrorCode.accountOfAnotherCompany);
  });

  it("answers code 2 for another company's role and for a role above the caller's rights", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const email = uniqueEmail('new');
    const res = await callEndpoint(t.app, createCompanyUser, {
      token: adminToken,
      body: { email, nickname: 'Ann', password: 'Strong123', roleId: other.role.id },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    const creator = await buildStaffWith(t.deps, company.id, ['company.user.create']);
    const strongRole = await buildRole(t.deps, company.id, ['company.role.delete']);
    const climb = await callEndpoint(t.app, createCompanyUser, {
      token: creator.token,
      body: { email, nickname: 'Ann', password: 'Strong123', roleId: strongRole.id },
    });
    expect(climb.code).toBe(ErrorCode.noPermission);
    const created = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('creates a staff member who can sign in with the role', async () => {
    const { company, role, adminToken } = await buildCompanyWithStaff(t.deps);
    const email = uniqueEmail('new');
    const res = await callEndpoint(t.app, createCompanyUser, {
      token: adminToken,
      body: { email, nickname: 'Ann', password: 'Strong123', roleId: role.id, phone: '123' },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ email, nickname: 'Ann', roleId: role.id, isEnabled: true });
    const row = await userRow(res.data.id);
    expect(row).toMatchObject({ kind: 'staff', company_id: company.id });
    expect((await signIn(t.app, email, 'Strong123')).code).toBe(0);
  });
});

describe('POST /api/v1/company/user/:id', () => {
  it('edits nickname, phone and role', async () => {
    const { company, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const role = await buildRole(t.deps, company.id, ['station.view', 'company.info']);
    const res = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: staff.id },
      token: adminToken,
      body: { nickname: 'Bob', phone: '555', roleId: role.id },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ nickname: 'Bob', phone: '555', roleId: role.id });
  });

  it('answers 802 when a member changes their own role', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const editor = await buildStaffWith(t.deps, company.id, ['company.user.edit']);
    const role = await buildRole(t.deps, company.id, ['company.user.edit']);
    const res = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: editor.user.id },
      token: editor.token,
      body: { roleId: role.id },
    });
    expect(res.code).toBe(ErrorCode.ownRoleImmutable);
    expect((await userRow(editor.user.id))?.role_id).toBe(editor.role.id);
  });

  it('answers code 2 to staff editing the administrator, and 4 for a role on the administrator', async () => {
    const { company, admin, role, adminToken } = await buildCompanyWithStaff(t.deps);
    const editor = await buildStaffWith(t.deps, company.id, ['company.user.edit']);
    const res = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: admin.id },
      token: editor.token,
      body: { nickname: 'Hijack' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    const own = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: admin.id },
      token: adminToken,
      body: { roleId: role.id },
    });
    expect(own.code).toBe(ErrorCode.validation);
    expect((await userRow(admin.id))?.nickname).toBe(admin.nickname);
  });

  it("refuses another company's administrator with code 2 and changes nothing", async () => {
    const { staff } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: staff.id },
      token: other.adminToken,
      body: { nickname: 'Stolen', roleId: other.role.id },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(await userRow(staff.id)).toMatchObject({
      nickname: staff.nickname,
      role_id: staff.role_id,
    });
  });
});

describe('POST /api/v1/company/user/:id/enable', () => {
  it('disables a member: sign-in answers 101 and refresh tokens stop working', async () => {
    const { staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const session = await signIn(t.app, staff.email);
    const res = await callEndpoint(t.app, setCompanyUserEnabled, {
      params: { id: staff.id },
      token: adminToken,
      body: { enabled: 'false' },
    });
    expect(res.code).toBe(0);
    expect(res.data.isEnabled).toBe(false);
    expect((await signIn(t.app, staff.email, TEST_PASSWORD)).code).toBe(ErrorCode.accountDisabled);
    const refresh = await callEndpoint(t.app, issueToken, {
      body: { grant_type: 'refresh_token', refresh_token: session.data.refresh_token },
    });
    expect(refresh.code).not.toBe(0);
    const plants = await callEndpoint(t.app, getCompany, { token: session.data.access_token });
    expect(plants.status).toBe(401);

    const enabled = await callEndpoint(t.app, setCompanyUserEnabled, {
      params: { id: staff.id },
      token: adminToken,
      body: { enabled: true },
    });
    expect(enabled.data.isEnabled).toBe(true);
    expect((await signIn(t.app, staff.email)).code).toBe(0);
  });

  it('answers code 2 for yourself, the administrator and another company', async () => {
    const { company, admin, staff } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const editor = await buildStaffWith(t.deps, company.id, ['company.user.edit']);
    const cases = [
      { id: editor.user.id, token: editor.token },
      { id: admin.id, token: editor.token },
      { id: staff.id, token: other.adminToken },
    ];
    for (const { id, token } of cases) {
      const res = await callEndpoint(t.app, setCompanyUserEnabled, {
        params: { id },
        token,
        body: { enabled: false },
      });
      expect(res.code).toBe(ErrorCode.noPermission);
      expect((await userRow(id))?.is_enabled).toBe(true);
    }
  });
});

describe('members with more rights than the caller', () => {
  it('are out of reach of staff: code 2 and nothing changes', async () => {
    const { company, staff } = await buildCompanyWithStaff(t.deps, ['company.info']);
    const manager = await buildStaffWith(t.deps, company.id, [
      'company.user.edit',
      'company.user.delete',
    ]);
    const params = { id: staff.id };
    const token = manager.token;
    const calls = [
      callEndpoint(t.app, setCompanyUserEnabled, { params, token, body: { enabled: false } }),
      callEndpoint(t.app, updateCompanyUser, { params, token, body: { nickname: 'Lowered' } }),
      callEndpoint(t.app, deleteCompanyUser, { params, token }),
    ];
    const codes = (await Promise.all(calls)).map((res) => res.code);
    expect(codes).toEqual(calls.map(() => ErrorCode.noPermission));
    expect(await userRow(staff.id)).toMatchObject({ is_enabled: true, nickname: staff.nickname });
  });
});

describe('POST /api/v1/company/user/:id/delete', () => {
  it('deletes a member', async () => {
    const { staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, deleteCompanyUser, {
      params: { id: staff.id },
      token: adminToken,
    });
    expect(res.code).toBe(0);
    expect(await userRow(staff.id)).toBeUndefined();
  });

  it('answers code 2 for yourself, the administrator, another company, and without the permission', async () => {
    const { company, admin, staff, adminToken, staffToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const deleter = await buildStaffWith(t.deps, company.id, ['company.user.delete']);
    const cases = [
      { id: admin.id, token: adminToken },
      { id: admin.id, token: deleter.token },
      { id: deleter.user.id, token: deleter.token },
      { id: staff.id, token: other.adminToken },
      { id: admin.id, token: staffToken },
    ];
    for (const { id, token } of cases) {
      const res = await callEndpoint(t.app, deleteCompanyUser, { params: { id }, token });
      expect(res.code).toBe(ErrorCode.noPermission);
      expect(await userRow(id)).toBeDefined();
    }
  });
});

describe('GET /api/v1/company/user/check', () => {
  it('answers 105 for a free e-mail, 104 for an account, 106 for another company', async () => {
    const { staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    const expectations: [string, number][] = [
      [uniqueEmail('free'), ErrorCode.accountNotRegistered],
      [owner.email, ErrorCode.accountExists],
      [staff.email, ErrorCode.accountExists],
      [other.admin.email, ErrorCode.accountOfAnotherCompany],
      ['bad', ErrorCode.validation],
    ];
    for (const [email, code] of expectations) {
      const res = await callEndpoint(t.app, checkCompanyUserEmail, {
        token: adminToken,
        query: { email },
      });
      expect(res.code).toBe(code);
    }
  });

  it('answers 401 without a token and 2 without company.user', async () => {
    const res = await callEndpoint(t.app, checkCompanyUserEmail, { query: { email: 'a@b.cd' } });
    expect(res.status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps);
    const denied = await callEndpoint(t.app, checkCompanyUserEmail, {
      token: staffToken,
      query: { email: 'a@b.cd' },
    });
    expect(denied.code).toBe(ErrorCode.noPermission);
  });
});

describe('platform administrator', () => {
  it('can edit a member of any company', async () => {
    const { staff } = await buildCompanyWithStaff(t.deps);
    const root = await buildUser(t.deps, { kind: 'platform_admin' });
    const res = await callEndpoint(t.app, updateCompanyUser, {
      params: { id: staff.id },
      token: await tokenFor(t.deps, root.id),
      body: { nickname: 'Fixed' },
    });
    expect(res.code).toBe(0);
    expect(res.data.nickname).toBe('Fixed');
  });
});
