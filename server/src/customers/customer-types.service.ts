import {
  type createCustomerType,
  ErrorCode,
  type listCustomerTypes,
  type ParsedBody,
  type ParsedQuery,
  type updateCustomerType,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { assertInTenant, listScope, requireCompanyId } from '../companies/tenant.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import type { CustomerTypeRecord } from './customers.presenter.js';

export type NewCustomerType = ParsedBody<typeof createCustomerType>;
export type CustomerTypeChanges = ParsedBody<typeof updateCustomerType>;
export type CustomerTypeListQuery = ParsedQuery<typeof listCustomerTypes>;

function nameTaken(): AppError {
  return new AppError(ErrorCode.validation, 'A customer type with this name already exists', {
    fields: [{ field: 'name', message: 'validation.invalid' }],
  });
}

/** Customer types: names unique within a company, without regard to case. */
export class CustomerTypesService {
  constructor(private readonly db: Db) {}

  private types() {
    return this.db
      .selectFrom('customer_types')
      .select((eb) => [
        'customer_types.id',
        'customer_types.company_id',
        'customer_types.name',
        'customer_types.remark',
        'customer_types.created_at',
        eb
          .selectFrom('customers')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('customers.type_id', '=', 'customer_types.id')
          .as('customer_count'),
      ]);
  }

  async list(
    auth: AuthContext,
    query: CustomerTypeListQuery,
  ): Promise<{ rows: CustomerTypeRecord[]; total: number }> {
    const companyId = listScope(auth);
    const search = query.search?.trim();
    const pattern = search ? containsPattern(search) : null;
    let rowsQuery = this.types();
    let countQuery = this.db
      .selectFrom('customer_types')
      .select((eb) => eb.fn.countAll<number>().as('total'));
    if (companyId !== null) {
      rowsQuery = rowsQuery.where('customer_types.company_id', '=', companyId);
      countQuery = countQuery.where('customer_types.company_id', '=', companyId);
    }
    if (pattern) {
      rowsQuery = rowsQuery.where('customer_types.name', 'ilike', pattern);
      countQuery = countQuery.where('customer_types.name', 'ilike', pattern);
    }
    return fetchPage(rowsQuery.orderBy('customer_types.id'), countQuery, query);
  }

  /** Every type of the caller's company, for selects. */
  async options(auth: AuthContext): Promise<{ id: number; name: string }[]> {
    const companyId = listScope(auth);
    let query = this.db.selectFrom('customer_types').select(['id', 'name']);
    if (companyId !== null) query = query.where('company_id', '=', companyId);
    return query.orderBy('name').execute();
  }

  async get(auth: AuthContext, typeId: number): Promise<CustomerTypeRecord> {
    const row = await this.types().where('customer_types.id', '=', typeId).executeTakeFirst();
    return assertInTenant(auth, row);
  }

  async create(auth: AuthContext, input: NewCustomerType): Promise<CustomerTypeRecord> {
    const companyId = requireCompanyId(auth);
    await this.assertNameFree(companyId, input.name, null);
    try {
      const row = await this.db
        .insertInto('customer_types')
        .values({ company_id: companyId, name: input.name, remark: input.remark ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await this.get(auth, row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async update(
    auth: AuthContext,
    typeId: number,
    changes: CustomerTypeChanges,
  ): Promise<CustomerTypeRecord> {
    const type = await this.get(auth, typeId);
    if (changes.name !== undefined)
      await this.assertNameFree(type.company_id, changes.name, type.id);
    const values = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.remark !== undefined ? { remark: changes.remark } : {}),
    };
    if (Object.keys(values).length > 0) {
      try {
        await this.db.updateTable('customer_types').set(values).where('id', '=', type.id).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    }
    return this.get(auth, type.id);
  }

  /** Customers of a deleted type stay customers, without a type (the foreign key sets null). */
  async remove(auth: AuthContext, typeId: number): Promise<void> {
    const type = await this.get(auth, typeId);
    await this.db.deleteFrom('customer_types').where('id', '=', type.id).execute();
  }

  private async assertNameFree(
    companyId: number,
    name: string,
    exceptTypeId: number | null,
  ): Promise<void> {
    let query = this.db
      .selectFrom('customer_types')
      .select('id')
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptTypeId !== null) query = query.where('id', '<>', exceptTypeId);
    if (await query.executeTakeFirst()) throw nameTaken();
  }
}
