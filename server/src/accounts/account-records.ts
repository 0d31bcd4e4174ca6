import { ErrorCode } from '@solar/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { UserKind } from '../auth/auth-context.js';
import { type BrandScope, inBrand } from '../auth/brand-scope.js';

/** The brand of the account; null for the default brand. */
export async function brandIdOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('brand_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.brand_id;
}

/** The account registered under `email` in the brand, compared case-insensitively like the unique index. */
export function findAccountByEmail(db: Db, email: string, scope: BrandScope) {
  return db
    .selectFrom('users')
    .select(['id', 'kind', 'company_id', 'nickname'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where(inBrand(scope))
    .executeTakeFirst();
}

/** The account registered under `email` in the brand; 105 when there is none. */
export async function requireAccountByEmail(db: Db, email: string, scope: BrandScope) {
  const account = await findAccountByEmail(db, email, scope);
  if (!account) throw new AppError(ErrorCode.accountNotRegistered);
  return account;
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  nickname: string;
  kind: UserKind;
  companyId?: number | null;
  roleId?: number | null;
  phone?: string | null;
  /** The brand of an account without company; a company's members follow its brand. */
  brandId?: number | null;
}

/** Inserts an account (no avatar or theme yet) and answers its id. */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: account.email,
      password_hash: account.passwordHash,
      nickname: account.nickname,
      kind: account.kind,
      company_id: account.companyId ?? null,
      role_id: account.roleId ?? null,
      phone: account.phone ?? null,
      avatar_url: null,
      theme_color: null,
      brand_id: account.brandId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
