import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@solar/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import {
  AttemptLimiter,
  budget,
  CODE_CHECK_PER_ACCOUNT,
  CODE_CHECK_PER_ACCOUNT_AND_ADDRESS,
  CODE_CHECK_PER_ADDRESS,
  CODE_REQUEST_PER_ACCOUNT,
  CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS,
  CODE_REQUEST_PER_ADDRESS,
} from '../auth/attempt-limiter.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';

/** What a code proves: a mailbox for sign-up, password reset, or alarm e-mails. */
export type VerificationPurpose = 'signup' | 'reset' | 'notify';

export const CODE_LIFETIME_MINUTES = 10;
/** After this many wrong guesses a code is burnt, from whatever addresses they came. */
const MAX_FAILED_CHECKS = 5;

const MAIL_SUBJECTS: Record<VerificationPurpose, string> = {
  signup: 'Your sign-up verification code',
  reset: 'Your password reset code',
  notify: 'Confirm your alarm e-mail address',
};

function codeHash(email: string, purpose: VerificationPurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email.toLowerCase()}:${code}`).digest('hex');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Six-digit e-mail codes. Only a hash is stored; a new code replaces the previous one; a code
 * lives 10 minutes and is used once. Requests and wrong guesses are limited per e-mail and
 * address, per address, and (more loosely) per e-mail from all addresses together.
 */
export class VerificationCodes {
  private readonly limiter: AttemptLimiter;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'mailer'>) {
    this.limiter = new AttemptLimiter(deps.db);
  }

  /** Counts a code request against the limits, refusing with 109 when over them. */
  async countRequest(email: string, ip: string): Promise<void> {
    await this.limiter.take([
      budget(CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS, email, ip),
      budget(CODE_REQUEST_PER_ADDRESS, ip),
      budget(CODE_REQUEST_PER_ACCOUNT, email),
    ]);
  }

  /**
   * Stores a fresh code for the mailbox under the brand (voiding earlier ones) and mails it with
   * the brand's sender. Call `countRequest` first.
   */
  async send(email: string, purpose: VerificationPurpose, brandId: number | null): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: new Date() })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('purpose', '=', purpose)
        .where('brand_id', 'is not distinct from', brandId)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          email: email.toLowerCase(),
          purpose,
          code_hash: codeHash(email, purpose, code),
          expires_at: sql<Date>`now() + make_interval(mins => ${CODE_LIFETIME_MINUTES})`,
          consumed_at: null,
          brand_id: brandId,
        })
        .execute();
    });
    await this.deps.mailer.send({
      to: email,
      brandId,
      subject: MAIL_SUBJECTS[purpose],
      body: `Your verification code is ${code}. It is valid for ${CODE_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    });
  }

  /**
   * Checks a code without using it up and answers its id: 5 when wrong, 6 when expired, used,
   * burnt or never sent under the brand. The check is taken from the limits (109 beyond them) and from the
   * code's own guesses before the code is compared; only a wrong code keeps counting.
   */
  async check(
    email: string,
    purpose: VerificationPurpose,
    code: string,
    ip: string,
    brandId: number | null,
  ): Promise<number> {
    const budgets = [
      budget(CODE_CHECK_PER_ACCOUNT_AND_ADDRESS, email, ip),
      budget(CODE_CHECK_PER_ADDRESS, ip),
      budget(CODE_CHECK_PER_ACCOUNT, email),
    ];
    await this.limiter.take(budgets);
    const row = await this.liveCode(email, purpose, brandId);
    if (!row || !(await this.takeGuess(row.id))) {
      await this.limiter.giveBack(budgets);
      throw new AppError(ErrorCode.verificationCodeExpired);
    }
    if (!isSameHash(row.code_hash, codeHash(email, purpose, code))) {
      throw new AppError(ErrorCode.verificationCodeError);
    }
    await this.giveBackGuess(row.id);
    await this.limiter.giveBack(budgets);
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

  /** The latest code for the mailbox and purpose, unless expired, used or burnt. */
  private async liveCode(email: string, purpose: VerificationPurpose, brandId: number | null) {
    const row = await this.deps.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'consumed_at', 'failed_checks'])
      .select(sql<boolean>`expires_at <= now()`.as('is_expired'))
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('purpose', '=', purpose)
      .where('brand_id', 'is not distinct from', brandId)
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
