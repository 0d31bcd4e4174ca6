import {
  checkRoleName,
  COMPANY_PERMISSIONS,
  createRole,
  deleteRole,
  ErrorCode,
  getRole,
  listRoles,
  updateRole,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';
import {
  buildCompanyWithStaff,
  buildRole,
  buildPlatformAdminInCompany,
  buildSignedInPlatformAdmin,
  inCompany,
} from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function roleRow(id: number) {
  return t.deps.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('GET /api/v1/company/roles and /role/:id', () => {
  it('answers 401 without a token and 2 without company.role.list.view', async () => {
    expect((await callEndpoint(t.app, listRoles)).status).toBe(401);
    const { role, staffToken } = await buildCompanyWithStaff(t.deps);
    const list = await callEndpoint(t.app, listRoles, { token: staffToken });
    const one = await callEndpoint(t.app, getRole, { params: { id: role.id }, token: staffToken });
    expect([list.code, one.code]).toEqual([ErrorCode.noPermission, ErrorCode.noPermission]);
  });

  it("lists the company's roles with member counts, and reads one", async () => {
    const { role, adminToken } = await buildCompanyWithStaff(t.deps);
    await buildCompanyWithStaff(t.deps);
    const list = await callEndpoint(t.app, listRoles, { token: adminToken });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.infos[0]).toMatchObject({ id: role.id, memberCount: 1 });
    const one = await callEndpoint(t.app, getRole, { params: { id: role.id }, token: adminToken });
    expect(one.data).toMatchObject({ id: role.id, name: role.name, permissions: ['station.view'] });
  });

  it("answers code 2 for another company's role", async () => {
    const { role } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, getRole, {
      params: { id: role.id },
      token: other.adminToken,
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});

describe('POST /api/v1/company/role', () => {
  it('creates a role with company permissions, comma-separated or as an array', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, createRole, {
      token: adminToken,
      body: {
        name: 'Operators',
        permissions: ['inverter.view', 'station.view', 'station.view'],
      },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: 'Operators', remark: null, memberCount: 0 });
    expect(res.data.permissions).toEqual(['station.view', 'inverter.view']);
    const form = await callEndpointLoosely(t.app, createRole, {
      token: adminToken,
      body: 'name=Viewers&remark=Read%20only&permissions=station.view,event.view',
    });
    expect(form.code).toBe(0);
    expect(form.data.permissions).toEqual(['station.view', 'event.view']);
  });

  it('answers code 4 for platform permissions, unknown permissions and bad names', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    for (const payload of [
      { name: 'Root', permissions: ['sys.notice.manage'] },
      { name: 'Odd', permissions: ['nope'] },
      { name: 'Bad<name>', permissions: [] },
      { name: 'x'.repeat(21), permissions: [] },
    ]) {
      const res = await callEndpoint(t.app, createRole, { token: adminToken, body: payload });
      expect(res.code).toBe(ErrorCode.validation);
    }
  });

  it('answers 801 for a duplicate name in any case, and 800 past five roles', async () => {
    const { company, role, adminToken } = await buildCompanyWithStaff(t.deps);
    const duplicate = await callEndpoint(t.app, createRole, {
      token: adminToken,
      body: { name: role.name.toUpperCase(), permissions: [] },
    });
    expect(duplicate.code).toBe(ErrorCode.roleExists);
    for (let i = 0; i < 4; i += 1) await buildRole(t.deps, company.id, []);
    const sixth = await callEndpoint(t.app, createRole, {
      token: adminToken,
      body: { name: 'Sixth', permissions: [] },
    });
    expect(sixth.code).toBe(ErrorCode.roleLimit);
    const count = await t.deps.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it('answers code 2 when staff grant a permission they lack, or lack company.role.create', async () => {
    const { company, staffToken } = await buildCompanyWithStaff(t.deps);
    const creator = await buildStaffWith(t.deps, company.id, ['company.role.create']);
    const climb = await callEndpoint(t.app, createRole, {
      token: creator.token,
      body: { name: 'Climb', permissions: ['company.user.delete'] },
    });
    expect(climb.code).toBe(ErrorCode.noPermission);
    const denied = await callEndpoint(t.app, createRole, {
      token: staffToken,
      body: { name: 'Denied', permissions: [] },
    });
    expect(denied.code).toBe(ErrorCode.noPermission);
  });

  it('answers code 2 to a platform administrator who has chosen no company to add it to', async () => {
    const { token } = await buildSignedInPlatformAdmin(t.deps);
    const res = await callEndpoint(t.app, createRole, {
      token,
      body: { name: 'Anywhere', permissions: [] },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(refusalDetail(res)).toMatch(/X-Company/);
  });
});

describe('POST /api/v1/company/role/:id', () => {
  it('edits name, remark and permissions', async () => {
    const { role, adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: adminToken,
      body: { name: 'Renamed', remark: 'Field team', permissions: ['gateway.view'] },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: 'Renamed',
      remark: 'Field team',
      permissions: ['gateway.view'],
    });
    const same = await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: adminToken,
      body: { name: 'RENAMED' },
    });
    expect(same.code).toBe(0);
  });

  it('answers 802 for the caller own role and 801 for a taken name', async () => {
    const { company, role, adminToken } = await buildCompanyWithStaff(t.deps);
    const editor = await buildStaffWith(t.deps, company.id, ['company.role.edit']);
    const own = await callEndpoint(t.app, updateRole, {
      params: { id: editor.role.id },
      token: editor.token,
      body: { permissions: COMPANY_PERMISSIONS },
    });
    expect(own.code).toBe(ErrorCode.ownRoleImmutable);
    expect((await roleRow(editor.role.id))?.permissions).toEqual(['company.role.edit']);
    const taken = await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: adminToken,
      body: { name: editor.role.name },
    });
    expect(taken.code).toBe(ErrorCode.roleExists);
  });

  it("refuses another company's administrator with code 2 and changes nothing", async () => {
    const { role } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, updateRole, {
      params: { id: role.id },
      token: other.adminToken,
      body: { name: 'Stolen', permissions: COMPANY_PERMISSIONS },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(await roleRow(role.id)).toMatchObject({
      name: role.name,
      permissions: role.permissions,
    });
  });
});

describe('roles with more rights than the calling staff member', () => {
  it('cannot be edited or deleted by them (code 2)', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const higher = await buildRole(t.deps, company.id, ['company.user.delete']);
    const editor = await buildStaffWith(t.deps, company.id, [
      'company.role.edit',
      'company.role.delete',
    ]);
    const edit = await callEndpoint(t.app, updateRole, {
      params: { id: higher.id },
      token: editor.token,
      body: { permissions: [] },
    });
    expect(edit.code).toBe(ErrorCode.noPermission);
    const remove = await callEndpoint(t.app, deleteRole, {
      params: { id: higher.id },
      token: editor.token,
    });
    expect(remove.code).toBe(ErrorCode.noPermission);
    expect((await roleRow(higher.id))?.permissions).toEqual(['company.user.delete']);
  });
});

describe('POST /api/v1/company/role/:id/delete', () => {
  it('deletes an unused role', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const unused = await buildRole(t.deps, company.id, []);
    const res = await callEndpoint(t.app, deleteRole, {
      params: { id: unused.id },
      token: adminToken,
    });
    expect(res.code).toBe(0);
    expect(await roleRow(unused.id)).toBeUndefined();
  });

  it('answers code 4 for a role members hold, 802 for the own role, 2 for another company', async () => {
    const { company, role, adminToken } = await buildCompanyWithStaff(t.deps);
    const deleter = await buildStaffWith(t.deps, company.id, ['company.role.delete']);
    const other = await buildCompanyWithStaff(t.deps);
    const inUse = await callEndpoint(t.app, deleteRole, {
      params: { id: role.id },
      token: adminToken,
    });
    expect(inUse.code).toBe(ErrorCode.validation);
    expect(refusalDetail(inUse)).toMatch(/held by 1 member/);
    const own = await callEndpoint(t.app, deleteRole, {
      params: { id: deleter.role.id },
      token: deleter.token,
    });
    expect(own.code).toBe(ErrorCode.ownRoleImmutable);
    const foreign = await callEndpoint(t.app, deleteRole, {
      params: { id: role.id },
      token: other.adminToken,
    });
    expect(foreign.code).toBe(ErrorCode.noPermission);
    expect(await roleRow(role.id)).toBeDefined();
    expect(await roleRow(deleter.role.id)).toBeDefined();
  });
});

describe('GET /api/v1/company/role/check', () => {
  it('answers 0 for a free name, 801 for a taken one unless it is the role being edited', async () => {
    const { role, adminToken } = await buildCompanyWithStaff(t.deps);
    const check = (query: { name: string; id?: number }) =>
      callEndpoint(t.app, checkRoleName, { token: adminToken, query });
    expect((await check({ name: 'Free name' })).code).toBe(0);
    expect((await check({ name: role.name.toLowerCase() })).code).toBe(ErrorCode.roleExists);
    expect((await check({ name: role.name, id: role.id })).code).toBe(0);
    expect((await check({ name: '' })).code).toBe(ErrorCode.validation);
  });
});

describe('roles in the context of a company (X-Company)', () => {
  it("lists, adds and edits the chosen company's roles for the platform administrator", async () => {
    const { company, role } = await buildCompanyWithStaff(t.deps);
    await buildCompanyWithStaff(t.deps);
    const { token, headers } = await buildPlatformAdminInCompany(t.deps, company.id);

    const list = await callEndpoint(t.app, listRoles, { token, headers });
    expect(list.data.infos.map((r) => r.id)).toEqual([role.id]);
    const created = await callEndpoint(t.app, createRole, {
      token,
      headers,
      body: { name: 'Installers', permissions: ['station.view'] },
    });
    expect(created.data).toMatchObject({ companyId: company.id, name: 'Installers' });
    const taken = await callEndpoint(t.app, checkRoleName, {
      token,
      headers,
      query: { name: 'installers' },
    });
    expect(taken.code).toBe(ErrorCode.roleExists);
    const edited = await callEndpoint(t.app, updateRole, {
      token,
      headers,
      params: { id: created.data.id },
      body: { name: 'Field team', permissions: ['gateway.view'] },
    });
    expect(edited.code).toBe(0);
    expect(await roleRow(created.data.id)).toMatchObject({
      company_id: company.id,
      name: 'Field team',
      permissions: ['gateway.view'],
    });
  });

  it("ignores a company administrator's header, who stays in their own company", async () => {
    const own = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const headers = inCompany(other.company.id);
    const list = await callEndpoint(t.app, listRoles, { token: own.adminToken, headers });
    expect(list.data.infos.map((r) => r.id)).toEqual([own.role.id]);
    const created = await callEndpoint(t.app, createRole, {
      token: own.adminToken,
      headers,
      body: { name: 'Mine', permissions: [] },
    });
    expect(created.data.companyId).toBe(own.company.id);
  });
});

describe('OpenAPI', () => {
  it('describes the role endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/api/v1/company/role/{id}');
  });
});
