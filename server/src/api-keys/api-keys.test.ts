import {
  changePassword,
  createApiKey,
  deletePlant,
  ErrorCode,
  getPlant,
  getWorkOrder,
  listApiKeys,
  listPlants,
  listWorkOrders,
  MAX_API_KEYS,
  revokeApiKey,
  revokeToken,
  setCompanyApiKeyQuota,
  setCompanyUserEnabled,
  setManagedCompanyEnabled,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import {
  buildCompany,
  buildCompanyWithStaff,
  buildSignedInOwner,
  buildSignedInPlatformAdmin,
} from '../test/factories.js';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

type NewKey = Parameters<typeof callEndpoint<typeof createApiKey>>[2] & object;

async function keyFor(token: string, body: Partial<NonNullable<NewKey['body']>> = {}) {
  const data = await endpointData(t.app, createApiKey, {
    token,
    body: { name: 'Integration', scopes: ['read'], ...body },
  });
  expect(data.key).toMatch(/^solar_[0-9A-Za-z]{43}$/);
  return data;
}

async function plantIdsSeenWith(key: string): Promise<number[]> {
  const page = await endpointData(t.app, listPlants, { token: key, query: { size: 100 } });
  return page.infos.map((plant) => plant.id).sort((a, b) => a - b);
}

describe('API keys: creation and listing', () => {
  it('answers 401 without a token and code 4 for bad scopes or a past expiry', async () => {
    const anonymous = await callEndpoint(t.app, listApiKeys);
    expect(anonymous.status).toBe(401);
    const { token } = await buildSignedInOwner(t.deps);
    const badScope = await callEndpointLoosely(t.app, createApiKey, {
      token,
      body: { name: 'x', scopes: ['admin'] },
    });
    expect(badScope.code).toBe(ErrorCode.validation);
    const past = await callEndpoint(t.app, createApiKey, {
      token,
      body: { name: 'x', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.code).toBe(ErrorCode.validation);
  });

  it('refuses plants the caller does not see with 700', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const other = await buildSignedInOwner(t.deps);
    const foreign = await buildPlant(t.deps, other.user.id);
    const res = await callEndpoint(t.app, createApiKey, {
      token,
      body: { name: 'x', scopes: ['read'], plantIds: [foreign.id] },
    });
    expect(res.code).toBe(ErrorCode.plantNotFound);
  });

  it('holds an account to MAX_API_KEYS keys in use, created in parallel; a revoked one frees a place', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const create = () =>
      callEndpoint(t.app, createApiKey, { token, body: { name: 'Many', scopes: ['read'] } });
    const answers = await Promise.all(Array.from({ length: MAX_API_KEYS + 10 }, create));
    const created = answers.filter((answer) => answer.code === 0);
    expect(created).toHaveLength(MAX_API_KEYS);
    const refused = answers.filter((answer) => answer.code !== 0);
    expect(new Set(refused.map((answer) => answer.code))).toEqual(new Set([ErrorCode.validation]));
    await endpointData(t.app, revokeApiKey, { token, params: { id: created[0]!.data!.id } });
    expect((await create()).code).toBe(0);
    expect((await create()).code).toBe(ErrorCode.validation);
  });

  it('shows the key once and lists it without its secret', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const { id, key } = await keyFor(token, { name: 'Home automation' });
    const list = await endpointData(t.app, listApiKeys, { token });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, name: 'Home automation', kind: 'personal' });
    expect(key.startsWith(list[0]?.prefix ?? '-')).toBe(true);
    expect(JSON.stringify(list)).not.toContain(key);
    const stored = await t.deps.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(16));
  });
});

describe('API keys: acting as their owner', () => {
  it('lets a read key list plants and refuses it a write', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const plant = await buildPlant(t.deps, user.id);
    const { key } = await keyFor(token);
    expect(await plantIdsSeenWith(key)).toEqual([plant.id]);
    const removal = await callEndpoint(t.app, deletePlant, {
      token: key,
      params: { id: plant.id },
    });
    expect(removal.code).toBe(ErrorCode.noPermission);
    const still = await t.deps.db.selectFrom('plants').select('id').where('id', '=', plant.id);
    expect(await still.executeTakeFirst()).toBeDefined();
  });

  it("gives a staff member's key only that member's plants", async () => {
    const { company, admin, staffToken } = await buildCompanyWithStaff(t.deps, [
      'station.view',
      'apikey.manage',
    ]);
    const companyPlant = await buildPlant(t.deps, admin.id, { company_id: company.id });
    const stranger = await buildSignedInOwner(t.deps);
    await buildPlant(t.deps, stranger.user.id);
    const { key } = await keyFor(staffToken);
    expect(await plantIdsSeenWith(key)).toEqual([companyPlant.id]);
  });

  it('restricts a key to its chosen plants', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const chosen = await buildPlant(t.deps, user.id);
    const other = await buildPlant(t.deps, user.id);
    const { key } = await keyFor(token, { plantIds: [chosen.id] });
    expect(await plantIdsSeenWith(key)).toEqual([chosen.id]);
    const hidden = await callEndpoint(t.app, getPlant, { token: key, params: { id: other.id } });
    expect(hidden.code).toBe(ErrorCode.plantNotFound);
    const shown = await callEndpoint(t.app, getPlant, { token: key, params: { id: chosen.id } });
    expect(shown.code).toBe(ErrorCode.ok);
  });

  it("holds a restricted key to its plants' work orders too", async () => {
    const { company, admin, adminToken } = await buildCompanyWithStaff(t.deps, []);
    const plants = [
      await buildPlant(t.deps, admin.id, { company_id: company.id }),
      await buildPlant(t.deps, admin.id, { company_id: company.id }),
    ];
    const orderIds: number[] = [];
    for (const plant of plants) {
      const order = await t.deps.db
        .insertInto('work_orders')
        .values({
          company_id: company.id,
          plant_id: plant.id,
          title: 'Check',
          priority: 'P3',
          reported_at: new Date(),
          due_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderIds.push(order.id);
    }
    const { key } = await keyFor(adminToken, { plantIds: [plants[0]!.id] });
    const listed = await endpointData(t.app, listWorkOrders, { token: key, query: {} });
    expect(listed.infos.map((order) => order.id)).toEqual([orderIds[0]]);
    const hidden = await callEndpoint(t.app, getWorkOrder, {
      token: key,
      params: { id: orderIds[1]! },
    });
    expect(hidden.code).toBe(ErrorCode.workOrderNotFound);
  });

  it('answers 401 at once for a revoked, an expired or an unknown key', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const revoked = await keyFor(token);
    expect((await callEndpoint(t.app, listPlants, { token: revoked.key })).code).toBe(0);
    await endpointData(t.app, revokeApiKey, { token, params: { id: revoked.id } });
    expect((await callEndpoint(t.app, listPlants, { token: revoked.key })).status).toBe(401);

    const expired = await keyFor(token);
    await t.deps.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    expect((await callEndpoint(t.app, listPlants, { token: expired.key })).status).toBe(401);

    const forged = `${revoked.key.slice(0, 20)}${'A'.repeat(revoked.key.length - 20)}`;
    expect((await callEndpoint(t.app, listPlants, { token: forged })).status).toBe(401);
  });

  it("answers 401 as soon as the key's owner is disabled", async () => {
    const { staff, staffToken, adminToken } = await buildCompanyWithStaff(t.deps, [
      'station.view',
      'apikey.manage',
    ]);
    const { key } = await keyFor(staffToken);
    expect((await callEndpoint(t.app, listPlants, { token: key })).code).toBe(0);
    await endpointData(t.app, setCompanyUserEnabled, {
      token: adminToken,
      params: { id: staff.id },
      body: { enabled: 'false' },
    });
    expect((await callEndpoint(t.app, listPlants, { token: key })).status).toBe(401);
  });

  it('never works on sign-out, password or key management, even with write scope', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const { key } = await keyFor(token, { scopes: ['read', 'write'] });
    const refusals = await Promise.all([
      callEndpoint(t.app, listApiKeys, { token: key }),
      callEndpoint(t.app, createApiKey, { token: key, body: { name: 'x', scopes: ['write'] } }),
      callEndpoint(t.app, revokeToken, { token: key }),
      callEndpoint(t.app, changePassword, {
        token: key,
        params: { id: user.id },
        body: { oldPassword: 'Test1234', newPassword: 'Changed123' },
      }),
    ]);
    expect(refusals.map((res) => res.code)).toEqual(refusals.map(() => ErrorCode.noPermission));
  });

  it('marks the audit entry of a write made with a key', async () => {
    const admin = await buildSignedInPlatformAdmin(t.deps);
    const company = await buildCompany(t.deps);
    const { id, key } = await keyFor(admin.token, { name: 'Provisioning', scopes: ['write'] });
    await endpointData(t.app, setManagedCompanyEnabled, {
      token: key,
      params: { id: company.id },
      body: { enabled: 'false' },
    });
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .select(['actor_id', 'api_key_id', 'api_key_name'])
      .where('action', '=', 'company.disabled')
      .where('target', 'like', `company ${company.id} %`)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actor_id: admin.user.id,
      api_key_id: id,
      api_key_name: 'Provisioning',
    });
  });
});

describe('API keys: quotas', () => {
  it('lets exactly 50 of 200 parallel calls through a budget of 50', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    // The day's budget: a minute could end during the burst on a busy machine.
    const { key } = await keyFor(token, { perDay: 50 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => callEndpoint(t.app, listPlants, { token: key })),
    );
    const passed = answers.filter((res) => res.status === 200 && res.code === ErrorCode.ok);
    const refused = answers.filter((res) => res.status === 429);
    expect(passed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const res of refused) {
      expect(res.code).toBe(ErrorCode.tooManyAttempts);
      expect(Number(res.raw.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(passed[0]?.raw.headers['ratelimit-policy']).toMatch(/"day";q=50;w=86400/);
  });

  it('counts in the day only the calls the minute lets through', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const { id, key } = await keyFor(token, { perMinute: 2, perDay: 10 });
    const statuses = [];
    for (let call = 0; call < 5; call += 1) {
      statuses.push((await callEndpoint(t.app, listPlants, { token: key })).status);
    }
    // A minute could end during the calls on a busy machine: then more pass, and count.
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(2);
    const day = await t.deps.db
      .selectFrom('api_key_usage')
      .select('calls')
      .where('api_key_id', '=', id)
      .where('window_kind', '=', 'day')
      .executeTakeFirstOrThrow();
    expect(day.calls).toBe(passed);
  });

  it("applies the company's default budget that a platform administrator sets", async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    const platform = await buildSignedInPlatformAdmin(t.deps);
    const quota = await endpointData(t.app, setCompanyApiKeyQuota, {
      token: platform.token,
      params: { id: company.id },
      body: { perMinute: null, perDay: 2 },
    });
    expect(quota).toMatchObject({ perMinute: null, perDay: 2 });
    const { key } = await keyFor(adminToken, { companyKey: true });
    const statuses = [];
    for (let call = 0; call < 3; call += 1) {
      statuses.push((await callEndpoint(t.app, listPlants, { token: key })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("lists a company's service keys to its administrators only", async () => {
    const { adminToken, staffToken } = await buildCompanyWithStaff(t.deps, ['apikey.manage']);
    const { id } = await keyFor(adminToken, { companyKey: true });
    const list = await endpointData(t.app, listApiKeys, {
      token: adminToken,
      query: { kind: 'company' },
    });
    expect(list.map((key) => [key.id, key.kind])).toEqual([[id, 'company']]);
    const staffList = await callEndpoint(t.app, listApiKeys, {
      token: staffToken,
      query: { kind: 'company' },
    });
    expect(staffList.code).toBe(ErrorCode.noPermission);
    const staffRevoke = await callEndpoint(t.app, revokeApiKey, {
      token: staffToken,
      params: { id },
    });
    expect(staffRevoke.code).toBe(ErrorCode.noPermission);
  });
});
