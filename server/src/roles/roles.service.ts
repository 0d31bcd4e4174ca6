import {
  COMPANY_PERMISSIONS,
  type createRole,
  ErrorCode,
  type listRoles,
  MAX_ROLES_PER_COMPANY,
  type ParsedBody,
  type ParsedQuery,
  type Permission,
  type updateRole,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { expireAccessTokensOfRole } from '../auth/sessions.js';
import {
  assertCanGrant,
  assertInTenant,
  listScope,
  requireCompanyId,
} from '../companies/tenant.js';
import type { Db } from '../db/database.js';
import { fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import type { RoleRecord } from './roles.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type NewRole = ParsedBody<typeof createRole>;
export type RoleChanges = ParsedBody<typeof updateRole>;
export type RoleListQuery = ParsedQuery<typeof listRoles>;

/** Duplicates are dropped and the order is the tree's, so equal sets are stored equally. */
function canonicalOrder(requested: readonly Permission[]): Permission[] {
  return COMPANY_PERMISSIONS.filter((p) => requested.includes(p));
}

/**
 * Company roles: at most five per company, names unique without regard to case, and the
 * caller's own role is never edited or deleted (so nobody locks themselves out).
 */
export class RolesService {
  constructor(private readonly db: Db) {}

  private roles() {
    return this.db
      .selectFrom('roles')
      .select((eb) => [
        'roles.id',
        'roles.company_id',
        'roles.name',
        'roles.remark',
        'roles.permissions',
        'roles.created_at',
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('users.role_id', '=', 'roles.id')
          .as('member_count'),
      ]);
  }

  async list(
    auth: AuthContext,
    query: RoleListQuery,
  ): Promise<{ rows: RoleRecord[]; total: number }> {
    const companyId = listScope(auth);
    let rowsQuery = this.roles();
    let countQuery = this.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('total'));
    if (companyId !== null) {
      rowsQuery = rowsQuery.where('roles.company_id', '=', companyId);
      countQuery = countQuery.where('roles.company_id', '=', companyId);
    }
    const { rows, total } = await fetchPage(rowsQuery.orderBy('roles.id'), countQuery, query);
    return { rows: rows.map(withCount), total };
  }

  async get(auth: AuthContext, roleId: number): Promise<RoleRecord> {
    const row = await this.roles().where('roles.id', '=', roleId).executeTakeFirst();
    return withCount(assertInTenant(auth, row));
  }

  async create(auth: AuthContext, input: NewRole): Promise<RoleRecord> {
    const companyId = requireCompanyId(auth);
    const permissions = canonicalOrder(input.permissions);
    assertCanGrant(auth, permissions);
    const id = await retryingTransaction(this.db, async (trx) => {
      // Serialises role creation per company so two requests cannot both pass the limit.
      await trx
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const count = await trx
        .selectFrom('roles')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (Number(count.count) >= MAX_ROLES_PER_COMPANY) throw new AppError(ErrorCode.roleLimit);
      await this.assertNameFree(companyId, input.name, null, trx);
      const row = await trx
        .insertInto('roles')
        .values({
          company_id: companyId,
          name: input.name,
          remark: input.remark ?? null,
          permissions,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, roleId: number, changes: RoleChanges): Promise<RoleRecord> {
    const role = await this.get(auth, roleId);
    if (role.id === auth.roleId) throw new AppError(ErrorCode.ownRoleImmutable);
    assertCanGrant(auth, role.permissions);
    const permissions =
      changes.permissions === undefined ? undefined : canonicalOrder(changes.permissions);
    if (permissions) assertCanGrant(auth, permissions);
    if (changes.name !== undefined) {
      await this.assertNameFree(role.company_id, changes.name, role.id, this.db);
    }
    const values = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.remark !== undefined ? { remark: changes.remark } : {}),
      ...(permissions !== undefined ? { permissions } : {}),
    };
    if (Object.keys(values).length > 0) {
      try {
        await retryingTransaction(this.db, async (trx) => {
          await trx.updateTable('roles').set(values).where('id', '=', role.id).execute();
          // Holders' rights changed: their tokens answer 401 and the client refreshes them.
          if (permissions) await expireAccessTokensOfRole(trx, role.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.roleExists);
        throw error;
      }
    }
    return this.get(auth, role.id);
  }

  /** A role still held by members is refused rather than silently leaving them without rights. */
  async remove(auth: AuthContext, roleId: number): Promise<void> {
    const role = await this.get(auth, roleId);
    if (role.id === auth.roleId) throw new AppError(ErrorCode.ownRoleImmutable);
    assertCanGrant(auth, role.permissions);
    await retryingTransaction(this.db, async (trx) => {
      const holders = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role_id', '=', role.id)
        .executeTakeFirstOrThrow();
      if (Number(holders.count) > 0) {
        throw new AppError(
          ErrorCode.validation,
          `This role is held by ${holders.count} member(s); give them another role first`,
        );
      }
      await trx.deleteFrom('roles').where('id', '=', role.id).execute();
    });
  }

  async checkName(auth: AuthContext, name: string, exceptRoleId?: number): Promise<void> {
    await this.assertNameFree(requireCompanyId(auth), name, exceptRoleId ?? null, this.db);
  }

  private async assertNameFree(
    companyId: number,
    name: string,
    exceptRoleId: number | null,
    db: Db,
  ): Promise<void> {
    let query = db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptRoleId !== null) query = query.where('id', '<>', exceptRoleId);
    if (await query.executeTakeFirst()) throw new AppError(ErrorCode.roleExists);
  }
}

function withCount<T extends { member_count: number | null }>(
  row: T,
): T & { member_count: number } {
  return { ...row, member_count: Number(row.member_count ?? 0) };
}
