import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Longer than every attempt window (the longest is 15 minutes), so no limit loses a count. */
const ATTEMPT_KEEP_HOURS = 24;
/** Expired codes stay a day, for support questions ("I never got a code"). */
const CODE_KEEP_HOURS = 24;

export interface DeletedAuthRecords {
  attempts: number;
  codes: number;
}

/** Deletes login/code attempts and verification codes no rule looks at any more. */
export async function deleteExpiredAuthRecords(db: Db): Promise<DeletedAuthRecords> {
  const attempts = await db
    .deleteFrom('auth_attempts')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${ATTEMPT_KEEP_HOURS})`)
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('verification_codes')
    .where('expires_at', '<', sql<Date>`now() - make_interval(hours => ${CODE_KEEP_HOURS})`)
    .executeTakeFirst();
  return { attempts: Number(attempts.numDeletedRows), codes: Number(codes.numDeletedRows) };
}
