import {
  type createCompanyUser,
  ErrorCode,
  type listCompanyUsers,
  type ParsedBody,
  type ParsedQuery,
  type updateCompanyUser,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth-context.js';
import { hashPassword } from '../auth/passwords.js';
import { endAllSessions, expireAccessTokens } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { accountMatches, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import {
  findAccountByEmail,
  insertAccount,
  requireAccountByEmail,
} from '../accounts/account-records.js';
import type { MemberRecord } from './companies.presenter.js';
import { assertCanGrant, assertInTenant, listScope } from './tenant.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type NewMember = ParsedBody<typeof createCompanyUser>;
export type MemberChanges = ParsedBody<typeof updateCompanyUser>;
export type MemberListQuery = ParsedQuery<typeof listCompanyUsers>;

/** Staff members of a company (and its administrator, who is listed but protected). */
export class CompanyUsersService {
  constructor(private readonly db: Db) {}

  private members() {
    return this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .where('users.kind', 'in', ['company_admin', 'staff']);
  }

  private memberColumns = [
    'users.id',
    'users.email',
    'users.nickname',
    'users.phone',
    'users.kind',
    'users.is_enabled',
    'users.is_read_only',
    'users.role_id',
    'roles.name as role_name',
    'roles.permissions as role_permissions',
    'users.company_id',
    'users.created_at',
  ] as const;

  async list(
    auth: AuthContext,
    query: MemberListQuery,
  ): Promise<{ rows: MemberRecord[]; total: number }> {
    const companyId = listScope(auth);
    let base = this.members();
    if (companyId !== null) base = base.where('users.company_id', '=', companyId);
    const search = query.search?.trim();
    if (search) base = base.where(accountMatches(search));
    return fetchPage(
      base.select(this.memberColumns).orderBy('users.id'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async get(auth: AuthContext, userId: number): Promise<MemberRecord> {
    const row = await this.members()
      .select(this.memberColumns)
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return assertInTenant(auth, row);
  }

  async create(auth: AuthContext, input: NewMember): Promise<MemberRecord> {
    const role = await this.roleInTenant(auth, input.roleId);
    const existing = await findAccountByEmail(this.db, input.email, {
      companyId: role.company_id,
    });
    if (existing) throw new AppError(this.takenCode(existing, role.company_id));
    const passwordHash = await hashPassword(input.password);
    try {
      const createdId = await insertAccount(this.db, {
        email: input.email,
        passwordHash,
        nickname: input.nickname,
        phone: input.phone ?? null,
        kind: 'staff',
        companyId: role.company_id,
        roleId: role.id,
      });
      return await this.get(auth, createdId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.accountExists);
      throw error;
    }
  }

  /** A member whose role holds rights the calling staff member lacks is out of their reach. */
  private async manageable(auth: AuthContext, userId: number): Promise<MemberRecord> {
    const member = await this.get(auth, userId);
    assertCanGrant(auth, member.role_permissions ?? []);
    return member;
  }

  async update(auth: AuthContext, userId: number, changes: MemberChanges): Promise<MemberRecord> {
    const member = await this.manageable(auth, userId);
    this.assertMayEditAdministrator(auth, member);
    if (changes.roleId !== undefined && changes.roleId !== member.role_id) {
      if (member.kind === 'company_admin') {
        throw new AppError(
          ErrorCode.validation,
          'The company administrator has no role to change',
          {
            fields: [{ field: 'roleId', message: 'validation.invalid' }],
          },
        );
      }
      if (member.id === auth.userId) throw new AppError(ErrorCode.ownRoleImmutable);
      const role = await this.roleInTenant(auth, changes.roleId);
      if (role.company_id !== member.company_id) throw new AppError(ErrorCode.noPermission);
    }
    const values = {
      ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
    };
    if (Object.keys(values).length > 0) {
      await retryingTransaction(this.db, async (trx) => {
        await trx.updateTable('users').set(values).where('id', '=', member.id).execute();
        if (values.role_id !== undefined && values.role_id !== member.role_id) {
          await expireAccessTokens(trx, member.id);
        }
      });
    }
    return this.get(auth, member.id);
  }

  /** Disabling also ends the member's sessions: refresh tokens die, access tokens answer 401. */
  async setEnabled(auth: AuthContext, userId: number, isEnabled: boolean): Promise<MemberRecord> {
    const member = await this.manageable(auth, userId);
    this.assertNotSelfOrAdministrator(auth, member, isEnabled ? 'enable' : 'disable');
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .updateTable('users')
        .set({ is_enabled: isEnabled })
        .where('id', '=', member.id)
        .execute();
      if (!isEnabled) await endAllSessions(trx, member.id);
    });
    return this.get(auth, member.id);
  }

  /** A read-only member keeps signing in and reading; every write is refused (code 2). */
  async setReadOnly(
    auth: AuthContext,
    actor: AuditActor,
    userId: number,
    isReadOnly: boolean,
  ): Promise<MemberRecord> {
    const member = await this.manageable(auth, userId);
    this.assertNotSelfOrAdministrator(auth, member, 'restrict');
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .updateTable('users')
        .set({ is_read_only: isReadOnly })
        .where('id', '=', member.id)
        .execute();
      await recordAudit(trx, actor, {
        action: isReadOnly ? 'account.readOnly' : 'account.writable',
        target: `account ${member.id} ${member.email}`,
      });
    });
    return this.get(auth, member.id);
  }

  async remove(auth: AuthContext, userId: number): Promise<void> {
    const member = await this.manageable(auth, userId);
    this.assertNotSelfOrAdministrator(auth, member, 'delete');
    await retryingTransaction(this.db, async (trx) => {
      const owned = await trx
        .selectFrom('plants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_user_id', '=', member.id)
        .executeTakeFirstOrThrow();
      if (Number(owned.count) > 0) {
        throw new AppError(
          ErrorCode.validation,
          'This member owns plants; transfer them before deleting the member',
        );
      }
      await trx.deleteFrom('users').where('id', '=', member.id).execute();
    });
  }

  /** 105 when the e-mail is free, 106 when it is a member of another company, 104 otherwise. */
  async checkEmail(auth: AuthContext, email: string): Promise<void> {
    const companyId = listScope(auth);
    const scope = companyId !== null ? { companyId } : { userId: auth.userId };
    const existing = await requireAccountByEmail(this.db, email, scope);
    throw new AppError(this.takenCode(existing, companyId));
  }

  private takenCode(existing: { company_id: number | null }, companyId: number | null) {
    return existing.company_id !== null && existing.company_id !== companyId
      ? ErrorCode.accountOfAnotherCompany
      : ErrorCode.accountExists;
  }

  private async roleInTenant(auth: AuthContext, roleId: number) {
    const role = await this.db
      .selectFrom('roles')
      .select(['id', 'company_id', 'permissions'])
      .where('id', '=', roleId)
      .executeTakeFirst();
    const found = assertInTenant(auth, role);
    assertCanGrant(auth, found.permissions);
    return found;
  }

  private assertMayEditAdministrator(auth: AuthContext, member: MemberRecord): void {
    const isOtherAdministrator = member.kind === 'company_admin' && member.id !== auth.userId;
    if (isOtherAdministrator && auth.kind !== 'platform_admin') {
      throw new AppError(ErrorCode.noPermission, 'Only the administrator edits their own account');
    }
  }

  private assertNotSelfOrAdministrator(
    auth: AuthContext,
    member: MemberRecord,
    action: string,
  ): void {
    if (member.id === auth.userId) {
      throw new AppError(ErrorCode.noPermission, `You cannot ${action} your own account`);
    }
    if (member.kind === 'company_admin') {
      throw new AppError(ErrorCode.noPermission, `You cannot ${action} the company administrator`);
    }
  }
}
