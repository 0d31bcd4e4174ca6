import {
  ALL_PERMISSIONS,
  type ApiKeyScope,
  COMPANY_PERMISSIONS,
  OWNER_PERMISSIONS,
  type Permission,
  withAncestors,
} from '@solar/contract';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import type { AccessTokenSubject } from './access-token.js';
import { hasSecondFactor } from './second-factor-policy.js';

/** What an account is (platform administrator, company staff, owner, …): it decides permissions. */
export type UserKind = Row<'users'>['kind'];

/** Who is calling: loaded fresh on each request so role edits and disabling apply at once. */
export interface AuthContext {
  userId: number;
  email: string;
  kind: UserKind;
  companyId: number | null;
  roleId: number | null;
  permissions: ReadonlySet<Permission>;
  /** A read-only account: every write is refused with code 2 (`http/read-only.ts`). */
  isReadOnly: boolean;
  /** The API key the call is made with (`api-keys/`); null for a signed-in session. */
  apiKey: ApiKeyGrant | null;
}

/** What an API key narrows its owner's context to. */
export interface ApiKeyGrant {
  id: number;
  name: string;
  scopes: readonly ApiKeyScope[];
  /** The plants the key is restricted to (`plants/plant-access.ts`); null: all the owner's. */
  plantIds: readonly number[] | null;
}

export function permissionsFor(kind: UserKind, rolePermissions: readonly string[]): Permission[] {
  switch (kind) {
    case 'platform_admin':
      return ALL_PERMISSIONS;
    case 'company_admin':
      return [...COMPANY_PERMISSIONS];
    case 'staff':
      return withAncestors(
        rolePermissions.filter((p) => (COMPANY_PERMISSIONS as string[]).includes(p)),
      );
    case 'owner':
      return [...OWNER_PERMISSIONS];
  }
}

/** What decides whether a session must first set up a second factor (`second-factor-policy.ts`). */
export interface SecondFactorStanding {
  hasSecondFactor: boolean;
  /** The account's company requires a second factor of roles that control, upgrade or manage. */
  isRequiredByCompany: boolean;
}

/** An enabled account's context, the version of its sessions, its brand and second factor. */
export interface EnabledUser {
  context: AuthContext;
  sessionVersion: number;
  brandId: number | null;
  secondFactor: SecondFactorStanding;
}

/**
 * The context of `user` when the token's session version is still current and the account
 * belongs to the request's brand (null: the default brand); null when the account is gone or
 * disabled (`user` null), the session version is outdated or the account is another brand's.
 */
export function currentAuthContext(
  user: EnabledUser | null,
  { sessionVersion }: AccessTokenSubject,
  requestBrandId: number | null,
): AuthContext | null {
  if (user?.sessionVersion !== sessionVersion || user.brandId !== requestBrandId) return null;
  return user.context;
}

/**
 * The context of an enabled user of an enabled company (if any) with the version of their
 * sessions, their brand and their second factor's standing; null when the account is gone or disabled or its company is
 * disabled.
 */
export async function loadEnabledUser(db: Db, userId: number): Promise<EnabledUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.kind',
      'users.company_id',
      'users.role_id',
      'users.is_enabled',
      'users.session_version',
      'users.is_read_only',
      'users.brand_id',
      'roles.permissions',
      'companies.is_enabled as company_is_enabled',
      'companies.requires_second_factor',
      (eb) => hasSecondFactor(eb).as('has_second_factor'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || !row.is_enabled || row.company_is_enabled === false) return null;
  const context: AuthContext = {
    userId: row.id,
    email: row.email,
    kind: row.kind,
    companyId: row.company_id,
    roleId: row.role_id,
    permissions: new Set(permissionsFor(row.kind, row.permissions ?? [])),
    isReadOnly: row.is_read_only,
    apiKey: null,
  };
  return {
    context,
    sessionVersion: row.session_version,
    brandId: row.brand_id,
    secondFactor: {
      hasSecondFactor: row.has_second_factor,
      isRequiredByCompany: row.requires_second_factor === true,
    },
  };
}
