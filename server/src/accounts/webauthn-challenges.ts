import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** How long the browser may take to answer a passkey challenge (WebAuthn's own timeout is 60 s). */
export const CHALLENGE_LIFETIME_SECONDS = 300;

export type ChallengePurpose = 'register' | 'sign_in';

/**
 * The challenges handed to browsers for passkey registration and sign-in, kept server-side so
 * each is answered at most once, by the account it was made for, before it expires.
 */
export class WebauthnChallenges {
  constructor(private readonly db: Db) {}

  /** Stores a challenge made by the WebAuthn library; clears the expired ones on the way. */
  async keep(challenge: string, userId: number, purpose: ChallengePurpose): Promise<void> {
    await this.db
      .deleteFrom('webauthn_challenges')
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    await this.db
      .insertInto('webauthn_challenges')
      .values({
        challenge,
        user_id: userId,
        purpose,
        expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_LIFETIME_SECONDS})`,
      })
      .execute();
  }

  /** True once for a live challenge of this account and purpose; it is gone afterwards. */
  async consume(challenge: string, userId: number, purpose: ChallengePurpose): Promise<boolean> {
    const consumed = await this.db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return consumed.numDeletedRows > 0n;
  }
}
