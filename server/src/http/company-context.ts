import { COMPANY_CONTEXT_HEADER } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';

const HEADER = COMPANY_CONTEXT_HEADER.toLowerCase();

/**
 * A platform administrator works on a company's pages (information, members, roles, customers,
 * agents) by naming the company in the `X-Company` header: a request to a company-scoped
 * endpoint (`isCompanyScoped` in the contract) then runs as if the administrator belonged to
 * it, so the company-side services apply their usual tenant rules. The header on any other
 * endpoint, of any other caller, or naming no existing company, is ignored.
 */
export async function withCompanyContext(
  db: Db,
  auth: AuthContext,
  request: FastifyRequest,
): Promise<AuthContext> {
  if (auth.kind !== 'platform_admin' || !request.routeOptions.config.isCompanyScoped) return auth;
  const raw = request.headers[HEADER];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return auth;
  const companyId = Number(raw);
  if (companyId > 2 ** 31 - 1) return auth;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return company ? { ...auth, companyId: company.id } : auth;
}
