import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * The brand an e-mail is looked up in (an e-mail is unique per brand): a brand by id (null for
 * the default brand), or the brand of a company or of an account.
 */
export type BrandScope = { brandId: number | null } | { companyId: number } | { userId: number };

function brandOf(scope: BrandScope): Expression<number | null> {
  if ('brandId' in scope) return sql<number | null>`${scope.brandId}::integer`;
  if ('companyId' in scope) {
    return sql<number | null>`(SELECT brand_id FROM companies WHERE id = ${scope.companyId})`;
  }
  return sql<number | null>`(SELECT brand_id FROM users WHERE id = ${scope.userId})`;
}

/** Rows of `users` in the scope's brand. */
export function inBrand(scope: BrandScope): Expression<SqlBool> {
  return sql<SqlBool>`users.brand_id IS NOT DISTINCT FROM ${brandOf(scope)}`;
}
