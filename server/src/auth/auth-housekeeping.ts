import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { KNOWN_SOURCE_DAYS } from './known-sources.js';

/** Expired codes stay a day, for support questions ("I never got a code"). */
const CODE_KEEP_HOURS = 24;

export interface DeletedAuthRecords {
  budgets: number;
  codes: number;
  knownSources: number;
}

/**
 * Deletes attempt budgets whose window is over (a new attempt starts a fresh window anyway),
 * verification codes no rule looks at any more and sources no longer known.
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
  const knownSources = await db
    .deleteFrom('known_sources')
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(days => ${KNOWN_SOURCE_DAYS})`)
    .executeTakeFirst();
  return {
    budgets: Number(budgets.numDeletedRows),
    codes: Number(codes.numDeletedRows),
    knownSources: Number(knownSources.numDeletedRows),
  };
}
