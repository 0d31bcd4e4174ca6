import {
  ErrorCode,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PasskeyCreationOptions,
  type PasskeyInfo,
  type PasskeyRequestOptions,
} from '@solar/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { isUniqueViolation } from '../db/listing.js';
import type { RelyingParty } from './relying-party.js';
import { type ChallengePurpose, WebauthnChallenges } from './webauthn-challenges.js';

const RELYING_PARTY_NAME = 'Solar portal';

function presented(row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): PasskeyInfo {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** The challenge the browser signed, read from its client data; '' when unreadable. */
function signedChallenge(clientDataJSON: string): string {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return '';
  }
}

/**
 * Passkeys (WebAuthn credentials) as a second factor. `@simplewebauthn/server` makes the options
 * and verifies the browser's answers (signature, origin, relying-party id, signature counter);
 * this class keeps the credentials and takes each challenge back once before any verification.
 */
export class Passkeys {
  private readonly challenges: WebauthnChallenges;

  constructor(private readonly db: Db) {
    this.challenges = new WebauthnChallenges(db);
  }

  async list(userId: number): Promise<PasskeyInfo[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(presented);
  }

  async registrationOptions(userId: number, rp: RelyingParty): Promise<PasskeyCreationOptions> {
    const { email } = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const options = await generateRegistrationOptions({
      rpName: RELYING_PARTY_NAME,
      rpID: rp.id,
      userName: email,
      // The user handle must not carry personal data: the account id, not the e-mail.
      userID: new TextEncoder().encode(String(userId)),
      attestationType: 'none',
      excludeCredentials: await this.descriptors(userId),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.challenges.keep(options.challenge, userId, 'register');
    return options;
  }

  async register(
    userId: number,
    name: string,
    response: PasskeyAttestation,
    rp: RelyingParty,
  ): Promise<PasskeyInfo> {
    const challenge = await this.takeChallenge(
      response.response.clientDataJSON,
      userId,
      'register',
    );
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!result.verified) throw new AppError(ErrorCode.passkeyRejected);
    const { credential } = result.registrationInfo;
    const row = await this.db
      .insertInto('passkeys')
      .values({
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .returning(['id', 'name', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // The authenticator registered this credential here before (to this or another account).
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.passkeyRejected);
        throw error;
      });
    return presented(row);
  }

  async remove(userId: number, passkeyId: number): Promise<void> {
    const removed = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', passkeyId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new AppError(ErrorCode.passkeyNotFound);
  }

  /** Options for a sign-in with one of the account's passkeys; null when it has none. */
  async signInOptions(userId: number, rp: RelyingParty): Promise<PasskeyRequestOptions | null> {
    const allowCredentials = await this.descriptors(userId);
    if (allowCredentials.length === 0) return null;
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials,
      userVerification: 'preferred',
    });
    await this.challenges.keep(options.challenge, userId, 'sign_in');
    return options;
  }

  /** Passes a right answer to the account's latest sign-in options, once; 115 or 116 otherwise. */
  async verifySignIn(userId: number, assertion: PasskeyAssertion, rp: RelyingParty): Promise<void> {
    const challenge = await this.takeChallenge(
      assertion.response.clientDataJSON,
      userId,
      'sign_in',
    );
    const stored = await this.db
      .selectFrom('passkeys')
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
      .where('user_id', '=', userId)
      .where('credential_id', '=', assertion.id)
      .executeTakeFirst();
    if (!stored) throw new AppError(ErrorCode.passkeyRejected);
    // The library refuses a signature counter that did not grow (a cloned authenticator).
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(stored.public_key),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const, authenticationInfo: null }));
    if (!result.verified) throw new AppError(ErrorCode.passkeyRejected);
    const used = await this.db
      .updateTable('passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: new Date() })
      .where('id', '=', stored.id)
      .where('counter', '=', stored.counter)
      .executeTakeFirst();
    // A parallel sign-in moved the counter first: only one of two equal answers passes.
    if (used.numUpdatedRows === 0n) throw new AppError(ErrorCode.passkeyRejected);
  }

  private async takeChallenge(
    clientDataJSON: string,
    userId: number,
    purpose: ChallengePurpose,
  ): Promise<string> {
    const challenge = signedChallenge(clientDataJSON);
    if (!(await this.challenges.consume(challenge, userId, purpose)))
      throw new AppError(ErrorCode.passkeyChallengeExpired);
    return challenge;
  }

  private async descriptors(userId: number) {
    const rows = await this.db
      .selectFrom('passkeys')
      .select(['credential_id', 'transports'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
  }
}
