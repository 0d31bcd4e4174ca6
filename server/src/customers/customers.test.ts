import {
  checkCustomerAccount,
  createCustomer,
  customerPermissions,
  deleteCustomer,
  ErrorCode,
  listCustomers,
  OWNER_PERMISSIONS,
  updateCustomer,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';
import {
  buildCompanyWithStaff,
  buildPlatformAdminInCompany,
  buildSignedInPlatformAdmin,
  buildUser,
  uniqueEmail,
} from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';
import { buildCustomerType, linkCustomer } from '../test/fixtures/customers.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function customerRow(companyId: number, userId: number) {
  return t.deps.db
    .selectFrom('customers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('GET /api/v1/customers', () => {
  it('answers 401 without a token and 2 without customer.list.view', async () => {
    expect((await callEndpoint(t.app, listCustomers)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, listCustomers, { token: staffToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it("lists the company's customers, searchable and filterable by type", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const first = await buildUser(t.deps);
    const second = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, first.id, type.id);
    await linkCustomer(t.deps, company.id, second.id);
    await linkCustomer(t.deps, other.company.id, first.id);
    const list = async (query: { search?: string; typeId?: number } = {}) =>
      callEndpoint(t.app, listCustomers, { token: adminToken, query });
    const all = await list();
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(2);
    expect(all.data.infos.every((c) => c.companyId === company.id)).toBe(true);
    expect((await list({ search: second.email })).data.infos.map((c) => c.customerId)).toEqual([
      second.id,
    ]);
    const typed = await list({ typeId: type.id });
    expect(typed.data.infos).toEqual([
      expect.objectContaining({ customerId: first.id, typeName: type.name }),
    ]);
  });
});

describe('POST /api/v1/customer', () => {
  it('links an owner account with a type and remark', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const owner = await buildUser(t.deps);
    const res = await callEndpoint(t.app, createCustomer, {
      token: adminToken,
      body: { account: owner.email.toUpperCase(), typeId: type.id, remark: 'VIP' },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      customerId: owner.id,
      companyId: company.id,
      account: owner.email,
      typeId: type.id,
      remark: 'VIP',
    });
  });

  it('answers 105, 106, 207 and 4 by account', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const existing = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, existing.id);
    const expectations: [string, number][] = [
      [uniqueEmail('ghost'), ErrorCode.accountNotRegistered],
      [other.staff.email, ErrorCode.accountOfAnotherCompany],
      [other.admin.email, ErrorCode.accountOfAnotherCompany],
      [existing.email, ErrorCode.alreadyCompanyCustomer],
      ['not-an-email', ErrorCode.validation],
    ];
    for (const [account, code] of expectations) {
      const res = await callEndpoint(t.app, createCustomer, {
        token: adminToken,
        body: { account },
      });
      expect(res.code).toBe(code);
    }
  });

  it("answers code 2 for another company's type and without customer.create", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const foreignType = await buildCustomerType(t.deps, other.company.id);
    const owner = await buildUser(t.deps);
    const res = await callEndpoint(t.app, createCustomer, {
      token: adminToken,
      body: { account: owner.email, typeId: foreignType.id },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    const viewer = await buildStaffWith(t.deps, company.id, ['customer.list.view']);
    const denied = await callEndpoint(t.app, createCustomer, {
      token: viewer.token,
      body: { account: owner.email },
    });
    expect(denied.code).toBe(ErrorCode.noPermission);
    expect(await customerRow(company.id, owner.id)).toBeUndefined();
  });
});

describe('POST /api/v1/customer/:customerId/:companyId', () => {
  it('edits type and remark', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id);
    const params = { customerId: owner.id, companyId: company.id };
    const res = await callEndpoint(t.app, updateCustomer, {
      params,
      token: adminToken,
      body: { typeId: type.id, remark: 'Changed' },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ typeId: type.id, remark: 'Changed' });
    const cleared = await callEndpoint(t.app, updateCustomer, {
      params,
      token: adminToken,
      body: { typeId: null },
    });
    expect(cleared.data.typeId).toBeNull();
  });

  it('refuses another company (both by path and by type) with code 2 and changes nothing', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id);
    const otherType = await buildCustomerType(t.deps, other.company.id);
    for (const companyId of [company.id, other.company.id]) {
      const res = await callEndpoint(t.app, updateCustomer, {
        params: { customerId: owner.id, companyId },
        token: other.adminToken,
        body: { remark: 'Stolen' },
      });
      expect(res.code).toBe(ErrorCode.noPermission);
    }
    const wrongType = await callEndpoint(t.app, updateCustomer, {
      params: { customerId: owner.id, companyId: company.id },
      token: other.adminToken,
      body: { typeId: otherType.id },
    });
    expect(wrongType.code).toBe(ErrorCode.noPermission);
    expect(await customerRow(company.id, owner.id)).toMatchObject({ remark: null, type_id: null });
  });
});

describe('DELETE /api/v1/customers/delete/:companyId/:masterId', () => {
  it('unlinks the customer and keeps the account', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id);
    const res = await callEndpoint(t.app, deleteCustomer, {
      params: { companyId: company.id, masterId: owner.id },
      token: adminToken,
    });
    expect(res.code).toBe(0);
    expect(await customerRow(company.id, owner.id)).toBeUndefined();
    const account = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', owner.id)
      .executeTakeFirst();
    expect(account).toBeDefined();
  });

  it('answers code 2 for another company and for an unknown customer', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id);
    const foreign = await callEndpoint(t.app, deleteCustomer, {
      params: { companyId: company.id, masterId: owner.id },
      token: other.adminToken,
    });
    expect(foreign.code).toBe(ErrorCode.noPermission);
    expect(await customerRow(company.id, owner.id)).toBeDefined();
    const unknown = await callEndpoint(t.app, deleteCustomer, {
      params: { companyId: company.id, masterId: other.admin.id },
      token: adminToken,
    });
    expect(unknown.code).toBe(ErrorCode.noPermission);
  });
});

describe('GET /api/v1/customer/check', () => {
  it('answers 0 with the nickname, or 105, 202, 106, 207', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const free = await buildUser(t.deps);
    const linked = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, linked.id);
    await t.deps.db
      .insertInto('agents')
      .values({ company_id: company.id, agent_user_id: other.admin.id, remark: null })
      .execute();
    const expectations: [string, number][] = [
      [free.email, 0],
      [uniqueEmail('ghost'), ErrorCode.accountNotRegistered],
      [other.admin.email, ErrorCode.agentExists],
      [other.staff.email, ErrorCode.accountOfAnotherCompany],
      [linked.email, ErrorCode.alreadyCompanyCustomer],
    ];
    for (const [email, code] of expectations) {
      const res = await callEndpoint(t.app, checkCustomerAccount, {
        token: adminToken,
        query: { email },
      });
      expect(res.code).toBe(code);
      if (code === 0) expect(res.data.nickname).toBe(free.nickname);
    }
  });
});

describe('GET /api/v1/role/:customerId', () => {
  it("answers the customer's permissions, and code 2 for another company's customer", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id);
    const res = await callEndpoint(t.app, customerPermissions, {
      params: { customerId: owner.id },
      token: adminToken,
    });
    expect(res.code).toBe(0);
    expect(res.data.permissions).toEqual([...OWNER_PERMISSIONS]);
    const foreign = await callEndpoint(t.app, customerPermissions, {
      params: { customerId: owner.id },
      token: other.adminToken,
    });
    expect(foreign.code).toBe(ErrorCode.noPermission);
  });
});

describe('customers in the context of a company (X-Company)', () => {
  it("lists the chosen company's customers to the platform administrator and links one there", async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const customer = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, customer.id);
    await linkCustomer(t.deps, other.company.id, (await buildUser(t.deps)).id);
    const { token, headers } = await buildPlatformAdminInCompany(t.deps, company.id);

    const list = await callEndpoint(t.app, listCustomers, { token, headers });
    expect(list.data.infos.map((c) => [c.companyId, c.customerId])).toEqual([
      [company.id, customer.id],
    ]);
    const owner = await buildUser(t.deps);
    const created = await callEndpoint(t.app, createCustomer, {
      token,
      headers,
      body: { account: owner.email },
    });
    expect(created.data).toMatchObject({ companyId: company.id, customerId: owner.id });
    expect(await customerRow(company.id, owner.id)).toBeDefined();
  });

  it('refuses the platform administrator a customer without a chosen company (code 2)', async () => {
    const { token } = await buildSignedInPlatformAdmin(t.deps);
    const owner = await buildUser(t.deps);
    const res = await callEndpoint(t.app, createCustomer, {
      token,
      body: { account: owner.email },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(refusalDetail(res)).toMatch(/X-Company/);
    const linked = await t.deps.db
      .selectFrom('customers')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(linked).toEqual([]);
  });
});
