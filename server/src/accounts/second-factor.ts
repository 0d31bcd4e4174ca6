import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type PasskeyAssertion,
  REMEMBERED_DEVICE_DAYS,
  type SecondFactorChallenge,
  type SecondFactorState,
} from '@solar/contract';
import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppDeps } from '../app-deps.js';
import { ColumnCipher } from '../auth/column-cipher.js';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import { tokenDigest } from '../auth/secret-token.js';
import { verifyPassword } from '../auth/passwords.js';
import { hasPasskey, hasTotp } from '../auth/second-factor-policy.js';
import { Passkeys } from './passkeys.js';
import type { RelyingParty } from './relying-party.js';

const ISSUER = 'Solar portal';
/** What a sealed TOTP secret is bound to: it opens in this column only. */
const TOTP_SECRET_PURPOSE = 'second_factors.totp_secret';
const RECOVERY_CODES = 10;
/** A code of the previous or next 30-second step still counts: phone clocks drift. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** What a sign-in offers beside the right password. */
export interface SecondFactorProof {
  otp?: string | undefined;
  recoveryCode?: string | undefined;
  /** A passkey's answer to the options of the 110 answer. */
  passkey?: PasskeyAssertion | undefined;
  /** The page the sign-in comes from, for passkey options and answers. */
  relyingParty: RelyingParty;
  /** The digest of the browser's device cookie, when it sent one. */
  deviceDigest: string | null;
}

/** `XXXXX-XXXXX` of an alphabet without look-alikes; 50 random bits. */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalizedRecoveryCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

/** Which second factors an account has turned on: an authenticator app, passkeys. */
export async function secondFactorKinds(
  db: Db,
  userId: number,
): Promise<{ totp: boolean; passkey: boolean }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [hasTotp(eb).as('totp'), hasPasskey(eb).as('passkey')])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { totp: Boolean(row.totp), passkey: Boolean(row.passkey) };
}

/**
 * The second factor of an account: an authenticator app (TOTP) confirmed with its first code,
 * single-use recovery codes, and browsers remembered for `REMEMBERED_DEVICE_DAYS` after a
 * sign-in that passed it. Passkeys count as well (`Passkeys`).
 */
export class SecondFactors {
  private readonly db: Db;
  private readonly cipher: ColumnCipher;
  private readonly passkeys: Passkeys;

  constructor(deps: Pick<AppDeps, 'db' | 'columnCipher'>) {
    this.db = deps.db;
    this.cipher = deps.columnCipher;
    this.passkeys = new Passkeys(deps.db);
  }

  async state(userId: number): Promise<SecondFactorState> {
    const row = await this.db
      .selectFrom('second_factors')
      .select((eb) => [
        'enabled_at',
        eb
          .selectFrom('recovery_codes')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('recovery_codes.user_id', '=', userId)
          .where('recovery_codes.used_at', 'is', null)
          .as('codes_left'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const isOn = Boolean(row?.enabled_at);
    return {
      totp: isOn,
      recoveryCodesLeft: isOn ? Number(row?.codes_left ?? 0) : 0,
      passkeys: await this.passkeys.list(userId),
    };
  }

  /** A new secret waiting for its first code; replaces an unconfirmed one. */
  async startSetup(userId: number): Promise<{ secret: string; otpauthUrl: string }> {
    const { email } = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const secret = generateSecret();
    const sealed = this.cipher.seal(secret, TOTP_SECRET_PURPOSE);
    const stored = await this.db
      .insertInto('second_factors')
      .values({ user_id: userId, totp_secret: sealed })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ totp_secret: sealed, last_time_step: 0 })
          .where('second_factors.enabled_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (!stored) throw new AppError(ErrorCode.secondFactorEnabled);
    return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: email, secret }) };
  }

  /** Turns the set-up secret on with its current code; answers the recovery codes, once. */
  async enable(userId: number, code: string): Promise<string[]> {
    const pending = await this.db
      .selectFrom('second_factors')
      .select(['totp_secret', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (pending?.enabled_at) throw new AppError(ErrorCode.secondFactorEnabled);
    const timeStep = pending ? await this.matchingTimeStep(pending.totp_secret, code, 0) : null;
    if (timeStep === null) throw new AppError(ErrorCode.secondFactorWrong);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await retryingTransaction(this.db, async (trx) => {
      const enabled = await trx
        .updateTable('second_factors')
        .set({ enabled_at: new Date(), last_time_step: timeStep })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (enabled.numUpdatedRows === 0n) throw new AppError(ErrorCode.secondFactorEnabled);
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codes.map((c) => ({ user_id: userId, code_digest: tokenDigest(c) })))
        .execute();
    });
    return codes;
  }

  /** Turns the second factor off after checking the current password. */
  async disable(userId: number, password: string): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, password)))
      throw new AppError(ErrorCode.oldPasswordError);
    await retryingTransaction(this.db, async (trx) => {
      await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('remembered_devices').where('user_id', '=', userId).execute();
    });
  }

  /**
   * After the right password: passes when the account has no second factor, the browser is
   * remembered, or the proof holds (a code or a passkey challenge is used at most once);
   * otherwise 110 without a proof (its data the `SecondFactorChallenge`), 111 with a wrong code,
   * 115 or 116 with a stale or wrong passkey answer.
   */
  async check(userId: number, proof: SecondFactorProof): Promise<void> {
    const kinds = await secondFactorKinds(this.db, userId);
    if (!kinds.totp && !kinds.passkey) return;
    if (proof.otp !== undefined) {
      if (await this.isRightCode(userId, proof.otp)) return;
      throw new AppError(ErrorCode.secondFactorWrong);
    }
    if (proof.recoveryCode !== undefined) {
      if (await this.useRecoveryCode(userId, proof.recoveryCode)) return;
      throw new AppError(ErrorCode.secondFactorWrong);
    }
    if (proof.passkey !== undefined) {
      await this.passkeys.verifySignIn(userId, proof.passkey, proof.relyingParty);
      return;
    }
    if (proof.deviceDigest && (await this.isRemembered(userId, proof.deviceDigest))) return;
    const challenge: SecondFactorChallenge = {
      totp: kinds.totp,
      passkey: kinds.passkey ? await this.passkeys.signInOptions(userId, proof.relyingParty) : null,
    };
    throw new AppError(ErrorCode.secondFactorRequired, undefined, challenge);
  }

  /** A current authenticator code not used before (false also without an authenticator). */
  private async isRightCode(userId: number, code: string): Promise<boolean> {
    const factor = await this.db
      .selectFrom('second_factors')
      .select(['totp_secret', 'last_time_step'])
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    if (!factor) return false;
    const step = await this.matchingTimeStep(factor.totp_secret, code, factor.last_time_step);
    return step !== null && (await this.useTimeStep(userId, step));
  }

  async remember(userId: number, deviceDigest: string): Promise<void> {
    const until = sql<Date>`now() + make_interval(days => ${REMEMBERED_DEVICE_DAYS})`;
    await this.db
      .insertInto('remembered_devices')
      .values({ user_id: userId, device_digest: deviceDigest, remembered_until: until })
      .onConflict((oc) =>
        oc.columns(['user_id', 'device_digest']).doUpdateSet({ remembered_until: until }),
      )
      .execute();
  }

  private async isRemembered(userId: number, deviceDigest: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('remembered_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('device_digest', '=', deviceDigest)
      .where('remembered_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Seals the TOTP secrets stored in plain text (before encryption, or by a process of the
   * previous version), at start. A row changed meanwhile is left for the next start.
   */
  async sealPlainSecrets(): Promise<void> {
    const plain = await this.db
      .selectFrom('second_factors')
      .select(['user_id', 'totp_secret'])
      .where('totp_secret', 'not like', `${ColumnCipher.sealedPrefix}%`)
      .execute();
    for (const row of plain) {
      await this.db
        .updateTable('second_factors')
        .set({ totp_secret: this.cipher.seal(row.totp_secret, TOTP_SECRET_PURPOSE) })
        .where('user_id', '=', row.user_id)
        .where('totp_secret', '=', row.totp_secret)
        .execute();
    }
  }

  /** The code's time step when it is valid now and later than `afterTimeStep`. */
  private async matchingTimeStep(
    storedSecret: string,
    code: string,
    afterTimeStep: number,
  ): Promise<number | null> {
    // A secret that no longer opens (the column key was lost or changed) matches no code.
    const result = await Promise.resolve()
      .then(() =>
        verify({
          secret: this.cipher.open(storedSecret, TOTP_SECRET_PURPOSE),
          token: code,
          epochTolerance: CLOCK_TOLERANCE_SECONDS,
          ...(afterTimeStep > 0 ? { afterTimeStep } : {}),
        }),
      )
      .catch(() => ({ valid: false as const }));
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Records the time step as used; false when a parallel sign-in used it (or a later one) first. */
  private async useTimeStep(userId: number, timeStep: number): Promise<boolean> {
    const used = await this.db
      .updateTable('second_factors')
      .set({ last_time_step: timeStep })
      .where('user_id', '=', userId)
      .where('last_time_step', '<', timeStep)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }

  private async useRecoveryCode(userId: number, code: string): Promise<boolean> {
    const used = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('code_digest', '=', tokenDigest(normalizedRecoveryCode(code)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }
}
