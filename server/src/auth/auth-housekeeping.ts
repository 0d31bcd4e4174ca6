import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Expired codes stay a day, for support questions ("I never got a code"). */
const CODE_KEEP_HOURS = 24;

export interface DeletedAuthRecords {
  budgets: number;
  codes: number;
}

/**
 * Deletes attempt budgets whose window is over (a new attempt starts a fresh window anyway)
 * and verification codes no rule looks at any more.
 */
export async function deleteExpiredAuthRecords(db: Db): Promise<DeletedAuthRecords> {
  const budgets = await db
    .deleteFrom('auth_budgets')
    .where('window_ends_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('verification_codes')
    .where('expires_at', '<', sql<Date>`now() - make_interval(hours => ${CODE_KEEP_HOURS})`)
    .executeTakeFirst();
  return { budgets: Number(budgets.numDeletedRows), codes: Number(codes.numDeletedRows) };
}
