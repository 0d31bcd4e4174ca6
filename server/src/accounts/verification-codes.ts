import { createHash, randomInt } from 'node:crypto';
import { ErrorCode } from '@solar/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import {
  AttemptLimiter,
  CODE_CHECKS,
  CODE_REQUESTS,
  type GuessLimits,
  type TakenGuess,
} from '../auth/attempt-limiter.js';
import { KnownSources } from '../auth/known-sources.js';
import { isSameSecret } from '../auth/secret-token.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/**
 * What a code proves: a mailbox for sign-up, password reset or alarm e-mails, or a number for
 * alarm texts.
 */
export type VerificationPurpose = 'signup' | 'reset' | 'notify' | 'sms';
type MailPurpose = Exclude<VerificationPurpose, 'sms'>;

/**
 * Where a code went and whose it is: an e-mail address under a brand, or an SMS number of the
 * account that asked for it (two accounts may confirm one number without voiding each other's code).
 */
export interface CodeTarget {
  address: string;
  purpose: VerificationPurpose;
  brandId: number | null;
  userId: number | null;
}

export type MailTarget = CodeTarget & { purpose: MailPurpose; userId: null };
export type SmsTarget = CodeTarget & { purpose: 'sms'; userId: number };

export function mailTarget(
  email: string,
  purpose: MailPurpose,
  brandId: number | null,
): MailTarget {
  return { address: email, purpose, brandId, userId: null };
}

export function smsTarget(userId: number, phone: string): SmsTarget {
  return { address: phone, purpose: 'sms', brandId: null, userId };
}

/** Limits count per mailbox for e-mail codes, per account for SMS codes (whatever the number). */
function limitSubject(target: CodeTarget): string {
  return target.userId === null ? target.address : `user:${target.userId}`;
}

/** The target's codes: its address and purpose, under its brand and account. */
function codesOf(target: CodeTarget) {
  return (eb: ExpressionBuilder<Database, 'verification_codes'>) =>
    eb.and([
      eb(eb.fn('lower', ['email']), '=', target.address.toLowerCase()),
      eb('purpose', '=', target.purpose),
      eb('brand_id', 'is not distinct from', target.brandId),
      eb('user_id', 'is not distinct from', target.userId),
    ]);
}

export const CODE_LIFETIME_MINUTES = 10;
/** After this many wrong guesses a code is burnt, from whatever addresses they came. */
const MAX_FAILED_CHECKS = 5;

const MAIL_SUBJECTS: Record<MailPurpose, string> = {
  signup: 'Your sign-up verification code',
  reset: 'Your password reset code',
  notify: 'Confirm your alarm e-mail address',
};

function codeHash(target: CodeTarget, code: string): string {
  return createHash('sha256')
    .update(`${target.purpose}:${target.address.toLowerCase()}:${code}`)
    .digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Six-digit codes, mailed or texted. Only a hash is stored; a new code replaces the previous one;
 * a code lives 10 minutes and is used once. Requests and wrong guesses are limited per e-mail
 * (or account) and address, per address, and per e-mail (or account) from all addresses
 * together, which slows other addresses down but never locks the e-mail (`GuessLimits`); an
 * address the account signed in from before keeps its own budget only.
 */
export class VerificationCodes {
  private readonly limiter: AttemptLimiter;
  private readonly knownSources: KnownSources;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'mailer' | 'sms'>) {
    this.limiter = new AttemptLimiter(deps.db);
    this.knownSources = new KnownSources(deps.db);
  }

  private async take(limits: GuessLimits, target: CodeTarget, ip: string): Promise<TakenGuess> {
    const subject = limitSubject(target);
    const isKnown = (await this.knownSources.firstKnown(subject, [ip])) !== undefined;
    return this.limiter.takeGuess(limits, subject, ip, isKnown);
  }

  /** Counts a code request against the limits, refusing with 109 when over them. */
  async countRequest(target: CodeTarget, ip: string): Promise<void> {
    await this.take(CODE_REQUESTS, target, ip);
  }

  /**
   * Stores a fresh code for the mailbox under the brand (voiding earlier ones) and mails it with
   * the brand's sender. Call `countRequest` first.
   */
  async send(target: MailTarget): Promise<void> {
    const code = newCode();
    await retryingTransaction(this.deps.db, (trx) => this.store(trx, target, code));
    await this.deps.mailer.send({
      to: target.address,
      brandId: target.brandId,
      subject: MAIL_SUBJECTS[target.purpose],
      body: `Your verification code is ${code}. It is valid for ${CODE_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    });
  }

  /**
   * Stores a fresh code for the account's number and texts it (purpose `verification`) in one
   * transaction. When the account had its daily texts already nothing is stored, the earlier
   * code stays valid, and the answer is 109. Call `countRequest` first.
   */
  async text(target: SmsTarget): Promise<void> {
    const code = newCode();
    await retryingTransaction(this.deps.db, async (trx) => {
      await this.store(trx, target, code);
      const result = await this.deps.sms.send(
        {
          to: target.address,
          text: `Your verification code is ${code}. It is valid for ${CODE_LIFETIME_MINUTES} minutes.`,
          purpose: 'verification',
          userId: target.userId,
        },
        trx,
      );
      if (result === 'overCap') {
        throw new AppError(ErrorCode.tooManyAttempts, 'Daily text message limit reached');
      }
    });
  }

  private async store(trx: Db, target: CodeTarget, code: string): Promise<void> {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where(codesOf(target))
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        email: target.address.toLowerCase(),
        purpose: target.purpose,
        code_hash: codeHash(target, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${CODE_LIFETIME_MINUTES})`,
        consumed_at: null,
        brand_id: target.brandId,
        user_id: target.userId,
      })
      .execute();
  }

  /**
   * Checks a code without using it up and answers its id: 5 when wrong, 6 when expired, used,
   * burnt or never sent under the brand. The check is taken from the limits (109 beyond them) and from the
   * code's own guesses before the code is compared; only a wrong code keeps counting.
   */
  async check(target: CodeTarget, code: string, ip: string): Promise<number> {
    const guess = await this.take(CODE_CHECKS, target, ip);
    const row = await this.liveCode(target);
    if (!row || !(await this.takeGuess(row.id))) {
      await this.limiter.giveBack([guess.perSubjectAndSource, ...guess.shared]);
      throw new AppError(ErrorCode.verificationCodeExpired);
    }
    if (!isSameSecret(row.code_hash, codeHash(target, code))) {
      throw new AppError(ErrorCode.verificationCodeError);
    }
    await this.giveBackGuess(row.id);
    await this.limiter.succeeded(guess);
    return row.id;
  }

  /** Counts a guess on the code in one atomic step; false once the code is burnt. */
  private async takeGuess(codeId: number): Promise<boolean> {
    const row = await this.deps.db
      .updateTable('verification_codes')
      .set((eb) => ({ failed_checks: eb('failed_checks', '+', 1) }))
      .where('id', '=', codeId)
      .where('failed_checks', '<', MAX_FAILED_CHECKS)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  private async giveBackGuess(codeId: number): Promise<void> {
    await this.deps.db
      .updateTable('verification_codes')
      .set((eb) => ({ failed_checks: eb('failed_checks', '-', 1) }))
      .where('id', '=', codeId)
      .execute();
  }

  /** The latest code for the target, unless expired, used or burnt. */
  private async liveCode(target: CodeTarget) {
    const row = await this.deps.db
      .selectFrom('verification_codes')
      .where(codesOf(target))
      .select(['id', 'code_hash', 'consumed_at', 'failed_checks'])
      .select(sql<boolean>`expires_at <= now()`.as('is_expired'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const isLive =
      row && !row.consumed_at && !row.is_expired && row.failed_checks < MAX_FAILED_CHECKS;
    return isLive ? row : null;
  }

  /** Uses up a checked code inside the caller's transaction; 6 if another request won the race. */
  async consume(trx: Db, codeId: number): Promise<void> {
    const row = await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', codeId)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.verificationCodeExpired);
  }
}
