import {
  type createCustomer,
  ErrorCode,
  type listCustomers,
  type ParsedBody,
  type ParsedQuery,
  type Permission,
  type updateCustomer,
} from '@solar/contract';
import { type AuthContext, permissionsFor } from '../auth/auth-context.js';
import {
  assertInTenant,
  canTouchCompany,
  listScope,
  requireCompanyId,
} from '../companies/tenant.js';
import type { Db } from '../db/database.js';
import { accountMatches, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { requireAccountByEmail } from '../accounts/account-records.js';
import type { CustomerRecord } from './customers.presenter.js';

export type NewCustomer = ParsedBody<typeof createCustomer>;
export type CustomerChanges = ParsedBody<typeof updateCustomer>;
export type CustomerListQuery = ParsedQuery<typeof listCustomers>;

/**
 * Customers: plant-owner accounts linked to a company. Only owner accounts qualify; members of
 * a company (staff or administrators, including agents) are refused with 106.
 */
export class CustomersService {
  constructor(private readonly db: Db) {}

  private customers() {
    return this.db
      .selectFrom('customers')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .leftJoin('customer_types', 'customer_types.id', 'customers.type_id');
  }

  private columns = [
    'customers.user_id',
    'customers.company_id',
    'users.email',
    'users.nickname',
    'customers.type_id',
    'customer_types.name as type_name',
    'customers.remark',
    'customers.created_at',
  ] as const;

  async list(
    auth: AuthContext,
    query: CustomerListQuery,
  ): Promise<{ rows: CustomerRecord[]; total: number }> {
    const companyId = listScope(auth);
    let base = this.customers();
    if (companyId !== null) base = base.where('customers.company_id', '=', companyId);
    if (query.typeId !== undefined) base = base.where('customers.type_id', '=', query.typeId);
    const search = query.search?.trim();
    if (search) base = base.where(accountMatches(search));
    return fetchPage(
      base.select(this.columns).orderBy('customers.id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async get(auth: AuthContext, companyId: number, userId: number): Promise<CustomerRecord> {
    if (!canTouchCompany(auth, companyId)) throw new AppError(ErrorCode.noPermission);
    const row = await this.customers()
      .select(this.columns)
      .where('customers.company_id', '=', companyId)
      .where('customers.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission);
    return row;
  }

  async create(auth: AuthContext, input: NewCustomer): Promise<CustomerRecord> {
    const companyId = requireCompanyId(auth);
    const account = await this.eligibleAccount(companyId, input.account);
    await this.assertTypeOf(auth, companyId, input.typeId);
    try {
      await this.db
        .insertInto('customers')
        .values({
          company_id: companyId,
          user_id: account.id,
          type_id: input.typeId ?? null,
          remark: input.remark ?? null,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.alreadyCompanyCustomer);
      throw error;
    }
    return this.get(auth, companyId, account.id);
  }

  async update(
    auth: AuthContext,
    companyId: number,
    userId: number,
    changes: CustomerChanges,
  ): Promise<CustomerRecord> {
    await this.get(auth, companyId, userId);
    await this.assertTypeOf(auth, companyId, changes.typeId);
    const values = {
      ...(changes.typeId !== undefined ? { type_id: changes.typeId } : {}),
      ...(changes.remark !== undefined ? { remark: changes.remark } : {}),
    };
    if (Object.keys(values).length > 0) {
      await this.db
        .updateTable('customers')
        .set(values)
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .execute();
    }
    return this.get(auth, companyId, userId);
  }

  /** Unlinks the customer; the owner's account and plants stay theirs. */
  async remove(auth: AuthContext, companyId: number, userId: number): Promise<void> {
    await this.get(auth, companyId, userId);
    await this.db
      .deleteFrom('customers')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Answers the account's nickname when it can become a customer of the caller's company. */
  async check(auth: AuthContext, email: string): Promise<{ nickname: string }> {
    const companyId = requireCompanyId(auth);
    const account = await requireAccountByEmail(this.db, email, { companyId });
    const agent = await this.db
      .selectFrom('agents')
      .select('id')
      .where('company_id', '=', companyId)
      .where('agent_user_id', '=', account.id)
      .executeTakeFirst();
    if (agent) throw new AppError(ErrorCode.agentExists);
    await this.eligibleAccount(companyId, email);
    return { nickname: account.nickname };
  }

  /** The permissions the customer's own account holds. */
  async permissions(auth: AuthContext, userId: number): Promise<Permission[]> {
    const scope = listScope(auth);
    let query = this.db
      .selectFrom('customers')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .select(['users.kind', 'users.is_enabled'])
      .where('customers.user_id', '=', userId);
    if (scope !== null) query = query.where('customers.company_id', '=', scope);
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission);
    return row.is_enabled ? permissionsFor(row.kind, []) : [];
  }

  private async eligibleAccount(companyId: number, email: string) {
    const account = await requireAccountByEmail(this.db, email, { companyId });
    if (account.kind !== 'owner') throw new AppError(ErrorCode.accountOfAnotherCompany);
    const existing = await this.db
      .selectFrom('customers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    if (existing) throw new AppError(ErrorCode.alreadyCompanyCustomer);
    return account;
  }

  /** A type given for a customer must be one of the same company's types (code 2 otherwise). */
  private async assertTypeOf(
    auth: AuthContext,
    companyId: number,
    typeId: number | null | undefined,
  ): Promise<void> {
    if (typeId === null || typeId === undefined) return;
    const type = await this.db
      .selectFrom('customer_types')
      .select(['id', 'company_id'])
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (assertInTenant(auth, type).company_id !== companyId) {
      throw new AppError(ErrorCode.noPermission);
    }
  }
}
