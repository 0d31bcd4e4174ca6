import { randomUUID } from 'node:crypto';
import {
  createManagedCompany,
  ErrorCode,
  getCompany,
  getPersonalization,
  listAuditEntries,
  listCompanyUsers,
  listManagedCompanies,
  setManagedCompanyEnabled,
  updateManagedCompany,
} from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import {
  buildCompany,
  buildCompanyWithStaff,
  buildUser,
  inCompany,
  signIn,
  TEST_PASSWORD,
  tokenFor,
  uniqueEmail,
} from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let platformToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await buildUser(t.deps, { kind: 'platform_admin' });
  platformToken = await tokenFor(t.deps, admin.id);
});

const newCompany = (overrides: Partial<Record<string, string>> = {}) => ({
  name: `Fresh ${randomUUID().slice(0, 8)}`,
  adminEmail: uniqueEmail('first-admin'),
  adminNickname: 'First admin',
  adminPassword: 'Secret2026',
  themeColor: '#123456',
  ...overrides,
});

describe('company management by the platform administrator', () => {
  it('refuses a company administrator with code 2', async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const list = await callEndpoint(t.app, listManagedCompanies, { token: adminToken });
    expect(list.code).toBe(ErrorCode.noPermission);
    const create = await callEndpoint(t.app, createManagedCompany, {
      token: adminToken,
      body: newCompany(),
    });
    expect(create.code).toBe(ErrorCode.noPermission);
    const disable = await callEndpoint(t.app, setManagedCompanyEnabled, {
      token: adminToken,
      params: { id: company.id },
      body: { enabled: 'false' },
    });
    expect(disable.code).toBe(ErrorCode.noPermission);
  });

  it('creates a company with its first administrator, who signs in to an empty company', async () => {
    const input = newCompany();
    const res = await callEndpoint(t.app, createManagedCompany, {
      token: platformToken,
      body: input,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      name: input.name,
      themeColor: '#123456',
      isEnabled: true,
      administratorEmail: input.adminEmail,
      plantCount: 0,
      deviceCount: 0,
      userCount: 1,
    });
    const signedIn = await signIn(t.app, input.adminEmail, input.adminPassword);
    expect(signedIn.code).toBe(0);
    const token = signedIn.data.access_token;
    const own = await callEndpoint(t.app, getCompany, { token });
    expect(own.data).toMatchObject({ name: input.name });
    const members = await callEndpoint(t.app, listCompanyUsers, { token });
    expect(members.data?.total).toBe(1);
  });

  it('answers 203 for a taken name (any case) and 104 for a taken e-mail, creating nothing', async () => {
    const existing = await buildCompany(t.deps);
    const sameName = await callEndpoint(t.app, createManagedCompany, {
      token: platformToken,
      body: newCompany({ name: existing.name.toUpperCase() }),
    });
    expect(sameName.code).toBe(ErrorCode.duplicateCompanyName);
    const taken = await buildUser(t.deps);
    const emailAttempt = newCompany({ adminEmail: taken.email });
    const sameEmail = await callEndpoint(t.app, createManagedCompany, {
      token: platformToken,
      body: emailAttempt,
    });
    expect(sameEmail.code).toBe(ErrorCode.accountExists);
    // Other test files create companies at the same time: count only the names tried here.
    const named = await t.deps.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<string>`lower(name)`, 'in', [
        existing.name.toLowerCase(),
        emailAttempt.name.toLowerCase(),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(named.n)).toBe(1);
  });

  it('edits a company; renaming to another company name answers 203', async () => {
    const one = await buildCompany(t.deps);
    const other = await buildCompany(t.deps);
    const renamed = await callEndpoint(t.app, updateManagedCompany, {
      token: platformToken,
      params: { id: one.id },
      body: { name: other.name },
    });
    expect(renamed.code).toBe(ErrorCode.duplicateCompanyName);
    const edited = await callEndpoint(t.app, updateManagedCompany, {
      token: platformToken,
      params: { id: one.id },
      body: { address: 'Harbour 4', themeColor: '#00AA00' },
    });
    expect(edited.data).toMatchObject({ address: 'Harbour 4', themeColor: '#00AA00' });
  });

  it('lists companies with plant, device and user counts, searchable by name', async () => {
    const { company, admin } = await buildCompanyWithStaff(t.deps);
    await buildPlant(t.deps, admin.id, { company_id: company.id });
    const res = await callEndpoint(t.app, listManagedCompanies, {
      token: platformToken,
      query: { search: company.name },
    });
    expect(res.data?.total).toBe(1);
    expect(res.data?.infos[0]).toMatchObject({
      id: company.id,
      plantCount: 1,
      userCount: 2,
      administratorEmail: admin.email,
    });
  });

  it("disabling ends the members' sessions and refuses their sign-in with 101", async () => {
    const { company, admin, adminToken } = await buildCompanyWithStaff(t.deps);
    const signedIn = await signIn(t.app, admin.email, TEST_PASSWORD);
    const res = await callEndpoint(t.app, setManagedCompanyEnabled, {
      token: platformToken,
      params: { id: company.id },
      body: { enabled: 'false' },
    });
    expect(res.data?.isEnabled).toBe(false);
    expect((await callEndpoint(t.app, getCompany, { token: adminToken })).status).toBe(401);
    const again = await signIn(t.app, admin.email, TEST_PASSWORD);
    expect(again.code).toBe(ErrorCode.accountDisabled);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: signedIn.data.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);

    await callEndpoint(t.app, setManagedCompanyEnabled, {
      token: platformToken,
      params: { id: company.id },
      body: { enabled: 'true' },
    });
    expect((await signIn(t.app, admin.email, TEST_PASSWORD)).code).toBe(0);
  });

  it('audits creation and disabling with who, what and the address', async () => {
    const input = newCompany();
    const created = await callEndpoint(t.app, createManagedCompany, {
      token: platformToken,
      body: input,
    });
    await callEndpoint(t.app, setManagedCompanyEnabled, {
      token: platformToken,
      params: { id: created.data?.id ?? 0 },
      body: { enabled: 'false' },
    });
    const log = await callEndpoint(t.app, listAuditEntries, {
      token: platformToken,
      query: { action: 'company.disabled' },
    });
    const entry = log.data?.infos.find((e) => e.target.includes(input.name));
    expect(entry).toMatchObject({ action: 'company.disabled', address: '127.0.0.1' });
    const createdEntries = await callEndpoint(t.app, listAuditEntries, {
      token: platformToken,
      query: { action: 'company.created' },
    });
    expect(createdEntries.data?.infos.some((e) => e.target.includes(input.name))).toBe(true);
  });
});

describe('company context of the platform administrator (X-Company)', () => {
  it('shows the chosen company and its members only', async () => {
    const { company, staff } = await buildCompanyWithStaff(t.deps);
    await buildCompanyWithStaff(t.deps);
    const headers = inCompany(company.id);
    const info = await callEndpoint(t.app, getCompany, { token: platformToken, headers });
    expect(info.data).toMatchObject({ id: company.id });
    const members = await callEndpoint(t.app, listCompanyUsers, {
      token: platformToken,
      headers,
    });
    expect(members.data?.total).toBe(2);
    expect(members.data?.infos.map((m) => m.id)).toContain(staff.id);
  });

  it('ignores the header of a company administrator, who stays in their own company', async () => {
    const own = await buildCompanyWithStaff(t.deps);
    const other = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, getCompany, {
      token: own.adminToken,
      headers: inCompany(other.company.id),
    });
    expect(res.data?.id).toBe(own.company.id);
  });

  it('ignores the header outside the company pages (the shell keeps its own look)', async () => {
    const { company } = await buildCompanyWithStaff(t.deps);
    await t.deps.db
      .updateTable('companies')
      .set({ theme_color: '#654321' })
      .where('id', '=', company.id)
      .execute();
    const look = await callEndpoint(t.app, getPersonalization, {
      token: platformToken,
      headers: inCompany(company.id),
    });
    const ownLook = await callEndpoint(t.app, getPersonalization, { token: platformToken });
    expect(look.data).toEqual(ownLook.data);
    expect(look.data?.themeColor).not.toBe('#654321');
  });
});
