import type { Db } from '../db/database.js';
import type { AccessTokens } from './access-token.js';

/**
 * Makes every access token the user holds answer HTTP 401 on its next call, in this process and
 * in any other on the same database: the authentication hook compares the token's session
 * version with the user row it reads on every request anyway. Refresh tokens stay valid, so a
 * client that still holds one just refreshes. Answers the new version.
 */
export async function expireAccessTokens(db: Db, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return row.session_version;
}

/** The same for every holder of a role, whose rights just changed. */
export async function expireAccessTokensOfRole(db: Db, roleId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('role_id', '=', roleId)
    .execute();
}

/** Signs the user out everywhere: every refresh token is revoked and every access token expires. */
export async function endAllSessions(db: Db, userId: number): Promise<number> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return expireAccessTokens(db, userId);
}

/** An access token for the user's current session version. */
export async function currentAccessToken(
  db: Db,
  accessTokens: AccessTokens,
  userId: number,
): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('session_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return accessTokens.sign({ userId, sessionVersion: row.session_version });
}
