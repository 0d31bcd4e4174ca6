import { COMPANY_CONTEXT_HEADER, ErrorCode, type Permission } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';

/**
 * Tenant rules shared by the company-side domains. Every id a caller sends must belong to the
 * caller's company (platform administrators may touch any company); anything else answers
 * code 2 and changes nothing, so callers cannot probe other tenants' ids.
 */

/**
 * The caller's company, for operations that create rows in it; code 2 without one. A platform
 * administrator has one only in a chosen company's context (`http/company-context.ts`).
 */
export function requireCompanyId(auth: AuthContext): number {
  if (auth.companyId !== null) return auth.companyId;
  throw new AppError(
    ErrorCode.noPermission,
    auth.kind === 'platform_admin'
      ? `Choose the company to work in: name it in the ${COMPANY_CONTEXT_HEADER} header`
      : 'This operation needs a company account',
  );
}

/**
 * The company whose rows a list shows; null means every company (a platform administrator who
 * has not chosen a company context, see `http/company-context.ts`).
 */
export function listScope(auth: AuthContext): number | null {
  return auth.kind === 'platform_admin' ? auth.companyId : requireCompanyId(auth);
}

export function canTouchCompany(auth: AuthContext, companyId: number | null | undefined): boolean {
  if (auth.kind === 'platform_admin') return companyId !== null && companyId !== undefined;
  return companyId !== null && companyId !== undefined && companyId === auth.companyId;
}

/** Refuses (code 2) a row that is missing or belongs to another company. */
export function assertInTenant<T extends { company_id: number | null }>(
  auth: AuthContext,
  row: T | undefined,
): T {
  if (!row || !canTouchCompany(auth, row.company_id)) throw new AppError(ErrorCode.noPermission);
  return row;
}

/**
 * Staff may only hand out permissions they hold themselves, so the member or role editors
 * cannot be used to climb above one's own rights. Administrators hold every company permission.
 */
export function assertCanGrant(auth: AuthContext, permissions: readonly string[]): void {
  if (auth.kind !== 'staff') return;
  const missing = permissions.filter((p) => !auth.permissions.has(p as Permission));
  if (missing.length > 0) {
    throw new AppError(
      ErrorCode.noPermission,
      `You cannot grant permissions you do not hold: ${missing.join(', ')}`,
    );
  }
}
