import type { Db } from '../db/database.js';
import { endAllSessions } from './sessions.js';

/**
 * Stores a new password hash and signs the account out everywhere. Call inside a transaction.
 * Answers the new session version, for tokens of the session that made the change.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<number> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
  return endAllSessions(db, userId);
}
