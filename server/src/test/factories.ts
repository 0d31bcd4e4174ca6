import { randomUUID } from 'node:crypto';
import { COMPANY_CONTEXT_HEADER, issueToken } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import { currentAccessToken } from '../auth/sessions.js';
import type { UserKind } from '../auth/auth-context.js';
import { callEndpoint } from './call-endpoint.js';

export const TEST_PASSWORD = 'Test1234';
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function buildCompany(deps: AppDeps, overrides: { name?: string } = {}) {
  return deps.db
    .insertInto('companies')
    .values({
      name: overrides.name ?? `Company ${randomUUID().slice(0, 8)}`,
      logo_url: null,
      icon_url: null,
      theme_color: null,
      address: null,
      phone: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildRole(
  deps: AppDeps,
  companyId: number,
  permissions: string[],
  name = `Role ${randomUUID().slice(0, 6)}`,
) {
  return deps.db
    .insertInto('roles')
    .values({ company_id: companyId, name, remark: null, permissions })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BuildUserOptions {
  kind?: UserKind;
  companyId?: number | null;
  roleId?: number | null;
  email?: string;
  isEnabled?: boolean;
}

export async function buildUser(deps: AppDeps, options: BuildUserOptions = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const kind = options.kind ?? 'owner';
  return deps.db
    .insertInto('users')
    .values({
      email: options.email ?? uniqueEmail(kind),
      password_hash: await passwordHash,
      nickname: `Test ${kind}`,
      kind,
      company_id: options.companyId ?? null,
      role_id: options.roleId ?? null,
      is_enabled: options.isEnabled ?? true,
      phone: null,
      avatar_url: null,
      theme_color: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An access token for a user, without going through the login limiter. */
export function tokenFor(deps: AppDeps, userId: number): Promise<string> {
  return currentAccessToken(deps.db, deps.accessTokens, userId);
}

/** A plant owner (no company) with an access token. */
export async function buildSignedInOwner(deps: AppDeps) {
  const user = await buildUser(deps);
  return { user, token: await tokenFor(deps, user.id) };
}

/** A platform administrator (who belongs to no company) with an access token. */
export async function buildSignedInPlatformAdmin(deps: AppDeps) {
  const user = await buildUser(deps, { kind: 'platform_admin' });
  return { user, token: await tokenFor(deps, user.id) };
}

/** The headers that put a platform administrator's call in the company's context. */
export function inCompany(companyId: number): Record<string, string> {
  return { [COMPANY_CONTEXT_HEADER]: String(companyId) };
}

/** A new platform administrator's token and the headers that work in the company's context. */
export async function buildPlatformAdminInCompany(deps: AppDeps, companyId: number) {
  const { token } = await buildSignedInPlatformAdmin(deps);
  return { token, headers: inCompany(companyId) };
}

/** A company with its administrator, a staff member holding `staffPermissions`, and tokens. */
export async function buildCompanyWithStaff(
  deps: AppDeps,
  staffPermissions: string[] = ['station.view'],
) {
  const company = await buildCompany(deps);
  const role = await buildRole(deps, company.id, staffPermissions);
  const admin = await buildUser(deps, { kind: 'company_admin', companyId: company.id });
  const staff = await buildUser(deps, { kind: 'staff', companyId: company.id, roleId: role.id });
  return {
    company,
    role,
    admin,
    staff,
    adminToken: await tokenFor(deps, admin.id),
    staffToken: await tokenFor(deps, staff.id),
  };
}

export async function signIn(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  return callEndpoint(app, issueToken, { body: { grant_type: 'password', username, password } });
}
