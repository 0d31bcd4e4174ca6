import {
  createCustomerType,
  customerTypeOptions,
  deleteCustomerType,
  ErrorCode,
  getCustomerType,
  listCustomerTypes,
  updateCustomerType,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';
import {
  buildCompanyWithStaff,
  buildPlatformAdminInCompany,
  buildSignedInPlatformAdmin,
  buildUser,
} from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';
import { buildCustomerType, linkCustomer } from '../test/fixtures/customers.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function typeRow(id: number) {
  return t.deps.db.selectFrom('customer_types').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('customer type lists', () => {
  it('answer 401 without a token and 2 without the permission', async () => {
    const { staffToken } = await buildCompanyWithStaff(t.deps);
    for (const endpoint of [listCustomerTypes, customerTypeOptions]) {
      expect((await callEndpoint(t.app, endpoint)).status).toBe(401);
      expect((await callEndpoint(t.app, endpoint, { token: staffToken })).code).toBe(
        ErrorCode.noPermission,
      );
    }
  });

  it("list the company's types paged with customer counts, and all of them for selects", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const first = await buildCustomerType(t.deps, company.id, 'Alpha');
    await buildCustomerType(t.deps, company.id, 'Beta');
    await buildCustomerType(t.deps, other.company.id, 'Gamma');
    await linkCustomer(t.deps, company.id, (await buildUser(t.deps)).id, first.id);
    const paged = await callEndpoint(t.app, listCustomerTypes, {
      token: adminToken,
      query: { page: '1', size: '1' },
    });
    expect(paged.code).toBe(0);
    expect(paged.data.total).toBe(2);
    expect(paged.data.infos).toEqual([
      expect.objectContaining({ name: 'Alpha', customerCount: 1 }),
    ]);
    const searched = await callEndpoint(t.app, listCustomerTypes, {
      token: adminToken,
      query: { search: 'bet' },
    });
    expect(searched.data.infos.map((x) => x.name)).toEqual(['Beta']);
    const options = await callEndpoint(t.app, customerTypeOptions, { token: adminToken });
    expect(options.data.map((x) => x.name)).toEqual(['Alpha', 'Beta']);
  });
});

describe('GET /api/v1/customerType/:id', () => {
  it("reads one type, and answers code 2 for another company's", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const res = await callEndpoint(t.app, getCustomerType, {
      params: { id: type.id },
      token: adminToken,
    });
    expect(res.data).toMatchObject({ id: type.id, name: type.name, customerCount: 0 });
    const foreign = await callEndpoint(t.app, getCustomerType, {
      params: { id: type.id },
      token: other.adminToken,
    });
    expect(foreign.code).toBe(ErrorCode.noPermission);
  });
});

describe('POST /api/v1/customerType', () => {
  it('creates a type, form-encoded', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpointLoosely(t.app, createCustomerType, {
      token: adminToken,
      body: 'name=Residential&remark=Homes',
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: 'Residential', remark: 'Homes' });
    expect((await typeRow(res.data.id))?.company_id).toBe(company.id);
  });

  it('answers code 4 with a message for a duplicate name and for a bad name', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    await buildCustomerType(t.deps, company.id, 'Commercial');
    const duplicate = await callEndpoint(t.app, createCustomerType, {
      token: adminToken,
      body: { name: 'COMMERCIAL' },
    });
    expect(duplicate.code).toBe(ErrorCode.validation);
    expect(refusalDetail(duplicate)).toMatch(/already exists/);
    const bad = await callEndpoint(t.app, createCustomerType, {
      token: adminToken,
      body: { name: '' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('answers code 2 without customer.type.create', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const viewer = await buildStaffWith(t.deps, company.id, ['customer.type.list.view']);
    const res = await callEndpoint(t.app, createCustomerType, {
      token: viewer.token,
      body: { name: 'Nope' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});

describe('POST /api/v1/customerType/:id', () => {
  it('edits a type and refuses a taken name', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id, 'Old');
    await buildCustomerType(t.deps, company.id, 'Taken');
    const res = await callEndpoint(t.app, updateCustomerType, {
      params: { id: type.id },
      token: adminToken,
      body: { name: 'New', remark: 'R' },
    });
    expect(res.data).toMatchObject({ name: 'New', remark: 'R' });
    const taken = await callEndpoint(t.app, updateCustomerType, {
      params: { id: type.id },
      token: adminToken,
      body: { name: 'taken' },
    });
    expect(taken.code).toBe(ErrorCode.validation);
  });

  it("refuses another company's administrator with code 2 and changes nothing", async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id, 'Mine');
    const res = await callEndpoint(t.app, updateCustomerType, {
      params: { id: type.id },
      token: other.adminToken,
      body: { name: 'Stolen' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect((await typeRow(type.id))?.name).toBe('Mine');
  });
});

describe('POST /api/v1/customerType/:id/delete', () => {
  it('deletes a type; its customers stay, without a type', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const owner = await buildUser(t.deps);
    await linkCustomer(t.deps, company.id, owner.id, type.id);
    const res = await callEndpoint(t.app, deleteCustomerType, {
      params: { id: type.id },
      token: adminToken,
    });
    expect(res.code).toBe(0);
    expect(await typeRow(type.id)).toBeUndefined();
    const link = await t.deps.db
      .selectFrom('customers')
      .select('type_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(link.type_id).toBeNull();
  });

  it("refuses another company's type with code 2", async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    const res = await callEndpoint(t.app, deleteCustomerType, {
      params: { id: type.id },
      token: other.adminToken,
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(await typeRow(type.id)).toBeDefined();
  });
});

describe('customer types in the context of a company (X-Company)', () => {
  it("lists the chosen company's types to the platform administrator and adds one there", async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const type = await buildCustomerType(t.deps, company.id);
    await buildCustomerType(t.deps, other.company.id);
    const { token, headers } = await buildPlatformAdminInCompany(t.deps, company.id);

    const list = await callEndpoint(t.app, listCustomerTypes, { token, headers });
    expect(list.data.infos.map((x) => x.id)).toEqual([type.id]);
    const options = await callEndpoint(t.app, customerTypeOptions, { token, headers });
    expect(options.data.map((x) => x.id)).toEqual([type.id]);
    const created = await callEndpoint(t.app, createCustomerType, {
      token,
      headers,
      body: { name: 'Farms' },
    });
    expect(created.code).toBe(0);
    expect((await typeRow(created.data.id))?.company_id).toBe(company.id);
  });

  it('refuses the platform administrator a type without a chosen company (code 2)', async () => {
    const { token } = await buildSignedInPlatformAdmin(t.deps);
    const res = await callEndpoint(t.app, createCustomerType, { token, body: { name: 'Nowhere' } });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(refusalDetail(res)).toMatch(/X-Company/);
  });
});
