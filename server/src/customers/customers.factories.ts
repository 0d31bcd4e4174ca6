import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';

export async function buildCustomerType(deps: AppDeps, companyId: number, name?: string) {
  return deps.db
    .insertInto('customer_types')
    .values({
      company_id: companyId,
      name: name ?? `Type ${randomUUID().slice(0, 6)}`,
      remark: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function linkCustomer(
  deps: AppDeps,
  companyId: number,
  userId: number,
  typeId: number | null = null,
) {
  return deps.db
    .insertInto('customers')
    .values({ company_id: companyId, user_id: userId, type_id: typeId, remark: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
