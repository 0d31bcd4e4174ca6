import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { inBrand } from './brand-scope.js';
import { newSecretToken, tokenDigest } from './secret-token.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; token: string }
  | { kind: 'invalid' }
  /** An already rotated token came back: someone holds a copy, so the family is revoked. */
  | { kind: 'reused' };

/**
 * How long a rotated token still rotates: two tabs (or a retry after a lost answer) that send
 * the same token together each get a token of the family instead of signing the user out.
 */
export const REUSE_GRACE_SECONDS = 30;

/**
 * Opaque refresh tokens, stored as SHA-256 digests and rotated on every use. Each sign-in
 * starts a family; presenting a token rotated more than `REUSE_GRACE_SECONDS` ago revokes the
 * whole family.
 */
export class RefreshTokens {
  constructor(
    private readonly db: Db,
    private readonly ttlDays: number,
  ) {}

  async issue(userId: number, familyId: string = randomUUID(), db: Db = this.db): Promise<string> {
    const { token, hash } = newSecretToken();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: hash,
        expires_at: new Date(Date.now() + this.ttlDays * 86_400_000),
        rotated_at: null,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** Rotates a token of an account of the brand; another brand's token is invalid there. */
  async rotate(token: string, brandId: number | null): Promise<RefreshOutcome> {
    return retryingTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
        .selectAll('refresh_tokens')
        .select(
          sql<boolean>`refresh_tokens.rotated_at > now() - make_interval(secs => ${REUSE_GRACE_SECONDS})`.as(
            'is_in_grace',
          ),
        )
        .where('refresh_tokens.token_hash', '=', tokenDigest(token))
        .where(inBrand({ brandId }))
        .forUpdate('refresh_tokens')
        .executeTakeFirst();
      if (!row || row.revoked_at || row.expires_at < new Date())
        return { kind: 'invalid' as const };
      if (row.rotated_at && !row.is_in_grace) {
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: new Date() })
          .where('family_id', '=', row.family_id)
          .where('revoked_at', 'is', null)
          .execute();
        return { kind: 'reused' as const };
      }
      // A concurrent refresh keeps the first rotation's time, so the grace never grows.
      if (!row.rotated_at) {
        await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: sql<Date>`now()` })
          .where('id', '=', row.id)
          .execute();
      }
      const next = await this.issue(row.user_id, row.family_id, trx);
      return { kind: 'rotated' as const, userId: row.user_id, token: next };
    });
  }

  /** Sign-out: revokes the family of the token, if it belongs to the user. */
  async revoke(token: string, userId: number): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', tokenDigest(token))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return;
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', row.family_id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
