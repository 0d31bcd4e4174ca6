import {
  type CodePurpose,
  ErrorCode,
  type ParsedBody,
  type resetPassword,
  type signup,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { attemptLimit, AttemptLimiter, budget, LOGIN_GUESSES } from '../auth/attempt-limiter.js';
import { KnownSources } from '../auth/known-sources.js';
import { replacePassword } from '../auth/password-change.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { findAccountByEmail, insertAccount } from './account-records.js';
import { mailTarget, VerificationCodes } from './verification-codes.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Account look-ups per IP address: enough for a sign-up form, too few to list accounts. */
const ACCOUNT_CHECK_PER_IP = attemptLimit('account:check:ip', 60, 15);

async function findUserId(db: Db, email: string, brandId: number | null): Promise<number | null> {
  return (await findAccountByEmail(db, email, { brandId }))?.id ?? null;
}

/**
 * Everything a visitor without an account can do: codes, sign-up, password reset. Each works
 * within the brand of the request (`brandId`, null for the default brand): an account of
 * another brand is not there, and a code asked under one brand is no code under another.
 */
export class AccountsService {
  private readonly codes: VerificationCodes;
  private readonly limiter: AttemptLimiter;

  constructor(private readonly deps: AppDeps) {
    this.codes = new VerificationCodes(deps);
    this.limiter = new AttemptLimiter(deps.db);
  }

  async requestCode(
    email: string,
    purpose: CodePurpose,
    ip: string,
    brandId: number | null,
  ): Promise<void> {
    const target = mailTarget(email, purpose, brandId);
    await this.codes.countRequest(target, ip);
    const userId = await findUserId(this.deps.db, email, brandId);
    if (purpose === 'signup' && userId !== null) throw new AppError(ErrorCode.accountRegistered);
    if (purpose === 'reset' && userId === null) throw new AppError(ErrorCode.accountNotRegistered);
    await this.codes.send(target);
  }

  async checkCode(
    input: { email: string; purpose: CodePurpose; code: string },
    ip: string,
    brandId: number | null,
  ): Promise<void> {
    await this.codes.check(mailTarget(input.email, input.purpose, brandId), input.code, ip);
  }

  /** Always throws: 103 when the e-mail has an account, 105 when it is free. */
  async checkAccount(email: string, ip: string, brandId: number | null): Promise<never> {
    await this.limiter.take([budget(ACCOUNT_CHECK_PER_IP, ip)]);
    const userId = await findUserId(this.deps.db, email, brandId);
    throw new AppError(
      userId === null ? ErrorCode.accountNotRegistered : ErrorCode.accountRegistered,
    );
  }

  async signup(
    input: ParsedBody<typeof signup>,
    ip: string,
    brandId: number | null,
  ): Promise<{ id: number }> {
    if ((await findUserId(this.deps.db, input.email, brandId)) !== null) {
      throw new AppError(ErrorCode.accountRegistered);
    }
    const codeId = await this.codes.check(
      mailTarget(input.email, 'signup', brandId),
      input.code,
      ip,
    );
    const passwordHash = await hashPassword(input.password);
    try {
      return await retryingTransaction(this.deps.db, async (trx) => {
        await this.codes.consume(trx, codeId);
        const id = await insertAccount(trx, {
          email: input.email,
          passwordHash,
          nickname: input.nickname,
          kind: 'owner',
          brandId,
        });
        return { id };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.accountRegistered);
      throw error;
    }
  }

  async resetPassword(
    input: ParsedBody<typeof resetPassword>,
    ip: string,
    brandId: number | null,
  ): Promise<void> {
    const userId = await findUserId(this.deps.db, input.email, brandId);
    if (userId === null) throw new AppError(ErrorCode.accountNotRegistered);
    const codeId = await this.codes.check(
      mailTarget(input.email, 'reset', brandId),
      input.code,
      ip,
    );
    const passwordHash = await hashPassword(input.password);
    await retryingTransaction(this.deps.db, async (trx) => {
      await this.codes.consume(trx, codeId);
      await replacePassword(trx, userId, passwordHash);
    });
    // The owner proved the mailbox: the address becomes known (a budget of its own) and the
    // failed sign-ins before the reset are forgotten.
    await new KnownSources(this.deps.db).remember(input.email, [ip]);
    await this.limiter.clear(budget(LOGIN_GUESSES.perSubject, input.email));
    await this.limiter.clear(budget(LOGIN_GUESSES.perSubjectAndSource, input.email, ip));
  }
}
