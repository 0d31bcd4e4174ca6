import { addAgent, ErrorCode, listAgents, removeAgent } from '@solar/contract';
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

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function agentRow(id: number) {
  return t.deps.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

function addAgentAs(token: string, account: string, remark?: string) {
  return callEndpoint(t.app, addAgent, {
    token,
    body: { account, ...(remark ? { remark } : {}) },
  });
}

describe('POST /api/v1/agent', () => {
  it("adds another company's administrator as agent", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const partner = await buildCompanyWithStaff(t.deps);
    const res = await addAgentAs(adminToken, partner.admin.email, 'Region north');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      companyId: company.id,
      agentUserId: partner.admin.id,
      agentCompanyName: partner.company.name,
      remark: 'Region north',
    });
  });

  it('answers 105, 900, 901, 902, 202 and 903 by account', async () => {
    const { company, admin, staff, adminToken } = await buildCompanyWithStaff(t.deps);
    const partner = await buildCompanyWithStaff(t.deps);
    const taken = await buildCompanyWithStaff(t.deps);
    const third = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps);
    expect((await addAgentAs(adminToken, partner.admin.email)).code).toBe(0);
    expect((await addAgentAs(third.adminToken, taken.admin.email)).code).toBe(0);
    const expectations: [string, number][] = [
      [uniqueEmail('ghost'), ErrorCode.accountNotRegistered],
      [admin.email, ErrorCode.agentSelf],
      [staff.email, ErrorCode.agentInternal],
      [owner.email, ErrorCode.agentNotCompanyAdmin],
      [partner.staff.email, ErrorCode.agentNotCompanyAdmin],
      [partner.admin.email, ErrorCode.agentExists],
      [taken.admin.email, ErrorCode.agentOfOthers],
      ['bad', ErrorCode.validation],
    ];
    for (const [account, code] of expectations) {
      expect((await addAgentAs(adminToken, account)).code).toBe(code);
    }
    const rows = await t.deps.db
      .selectFrom('agents')
      .select('agent_user_id')
      .where('company_id', '=', company.id)
      .execute();
    expect(rows.map((r) => r.agent_user_id)).toEqual([partner.admin.id]);
  });

  it('answers 401 without a token and 2 without agent.manage', async () => {
    const partner = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, addAgent, { body: { account: partner.admin.email } });
    expect(res.status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['customer.list.view']);
    expect((await addAgentAs(staffToken, partner.admin.email)).code).toBe(ErrorCode.noPermission);
  });
});

describe('GET /api/v1/agents', () => {
  it("lists the company's agents only", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const manager = await buildStaffWith(t.deps, company.id, ['agent.manage']);
    const partner = await buildCompanyWithStaff(t.deps);
    const elsewhere = await buildCompanyWithStaff(t.deps);
    const someone = await buildCompanyWithStaff(t.deps);
    await addAgentAs(adminToken, partner.admin.email);
    await addAgentAs(elsewhere.adminToken, someone.admin.email);
    const res = await callEndpoint(t.app, listAgents, { token: manager.token });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(1);
    expect(res.data.infos[0]?.agentUserId).toBe(partner.admin.id);
    const none = await callEndpoint(t.app, listAgents, {
      token: manager.token,
      query: { search: 'zzz-no-match' },
    });
    expect(none.data.total).toBe(0);
  });
});

describe('POST /api/v1/agent/:id/delete', () => {
  it("removes an agent, and refuses another company's administrator with code 2", async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const partner = await buildCompanyWithStaff(t.deps);
    const added = await addAgentAs(adminToken, partner.admin.email);
    const params = { id: added.data.id };
    const foreign = await callEndpoint(t.app, removeAgent, { params, token: partner.adminToken });
    expect(foreign.code).toBe(ErrorCode.noPermission);
    expect(await agentRow(added.data.id)).toBeDefined();
    const res = await callEndpoint(t.app, removeAgent, { params, token: adminToken });
    expect(res.code).toBe(0);
    expect(await agentRow(added.data.id)).toBeUndefined();
  });
});

describe('agents in the context of a company (X-Company)', () => {
  it("lists the chosen company's agents to the platform administrator and adds one there", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const partner = await buildCompanyWithStaff(t.deps);
    const elsewhere = await buildCompanyWithStaff(t.deps);
    await addAgentAs(elsewhere.adminToken, (await buildCompanyWithStaff(t.deps)).admin.email);
    const existing = await addAgentAs(adminToken, partner.admin.email);
    const { token, headers } = await buildPlatformAdminInCompany(t.deps, company.id);

    const list = await callEndpoint(t.app, listAgents, { token, headers });
    expect(list.data.infos.map((a) => a.id)).toEqual([existing.data.id]);
    const newcomer = await buildCompanyWithStaff(t.deps);
    const added = await callEndpoint(t.app, addAgent, {
      token,
      headers,
      body: { account: newcomer.admin.email },
    });
    expect(added.data).toMatchObject({ companyId: company.id, agentUserId: newcomer.admin.id });
    expect((await agentRow(added.data.id))?.company_id).toBe(company.id);
  });

  it('refuses the platform administrator an agent without a chosen company (code 2)', async () => {
    const { token } = await buildSignedInPlatformAdmin(t.deps);
    const partner = await buildCompanyWithStaff(t.deps);
    const res = await addAgentAs(token, partner.admin.email);
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(refusalDetail(res)).toMatch(/X-Company/);
  });
});
