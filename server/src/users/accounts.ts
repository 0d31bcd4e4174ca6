import { ErrorCode } from '@solar/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { UserKind } from './users.tables.js';

/** The account registered under `email`, compared case-insensitively like the unique index. */
export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'kind', 'company_id', 'nickname'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The account registered under `email`; 105 when there is none. */
export async function requireAccountByEmail(db: Db, email: string) {
  const account = await findAccountByEmail(db, email);
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
