import type { Db } from '../db/database.js';
import { revokeAllRefreshTokens } from './refresh-tokens.js';

/** Stores a new password hash and signs the account out everywhere. Call inside a transaction. */
export async function replacePassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
  await revokeAllRefreshTokens(db, userId);
}
