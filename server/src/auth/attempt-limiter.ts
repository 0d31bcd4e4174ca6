import { ErrorCode } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export interface AttemptLimit {
  scope: string;
  max: number;
  windowMinutes: number;
}

/** One limit applied to one subject (an account, an address, or both). */
export interface Budget {
  limit: AttemptLimit;
  subject: string;
}

export function budget(limit: AttemptLimit, ...subjectParts: string[]): Budget {
  return { limit, subject: subjectParts.map((part) => part.toLowerCase()).join('|') };
}

export function attemptLimit(scope: string, max: number, windowMinutes: number): AttemptLimit {
  return { scope, max, windowMinutes };
}

/** Password guesses at one account from one address. */
export const LOGIN_PER_ACCOUNT_AND_ADDRESS = attemptLimit('login:account-address', 5, 15);
/** Password guesses from one address, across accounts. */
export const LOGIN_PER_ADDRESS = attemptLimit('login:ip', 30, 15);
/**
 * The slow global back-off: password guesses at one account from all addresses together. It
 * takes ten addresses to reach it, and it bounds what a botnet can try against one account.
 */
export const LOGIN_PER_ACCOUNT = attemptLimit('login:account', 50, 60);
/** Verification codes requested for one e-mail from one address. */
export const CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS = attemptLimit(
  'code:request:account-address',
  5,
  15,
);
export const CODE_REQUEST_PER_ADDRESS = attemptLimit('code:request:ip', 20, 15);
/** Codes mailed to one e-mail from all addresses together: the mailbox is not flooded. */
export const CODE_REQUEST_PER_ACCOUNT = attemptLimit('code:request:account', 20, 60);
/** Wrong verification codes for one e-mail from one address. */
export const CODE_CHECK_PER_ACCOUNT_AND_ADDRESS = attemptLimit('code:check:account-address', 5, 15);
export const CODE_CHECK_PER_ADDRESS = attemptLimit('code:check:ip', 30, 15);
/** The slow global back-off of code checks for one e-mail, from all addresses together. */
export const CODE_CHECK_PER_ACCOUNT = attemptLimit('code:check:account', 50, 60);

/**
 * Attempt budgets in PostgreSQL, so limits hold across server processes and restarts. An
 * attempt is taken from its budgets before it is evaluated, in one atomic upsert per budget:
 * however many requests arrive at once, at most `max` of them get past `take` in a window.
 * An attempt that turns out not to count (a right password) is given back afterwards.
 */
export class AttemptLimiter {
  constructor(private readonly db: Db) {}

  /** Takes one attempt from every budget, or from none of them: 109 when any is spent. */
  async take(budgets: readonly Budget[]): Promise<void> {
    await retryingTransaction(this.db, async (trx) => {
      for (const { limit, subject } of budgets) {
        const isWindowOver = sql<boolean>`auth_budgets.window_ends_at <= now()`;
        const taken = await trx
          .insertInto('auth_budgets')
          .values({
            scope: limit.scope,
            subject,
            used: 1,
            window_ends_at: sql<Date>`now() + make_interval(mins => ${limit.windowMinutes})`,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['scope', 'subject'])
              .doUpdateSet({
                used: sql<number>`CASE WHEN ${isWindowOver} THEN 1 ELSE auth_budgets.used + 1 END`,
                window_ends_at: sql<Date>`CASE WHEN ${isWindowOver} THEN excluded.window_ends_at ELSE auth_budgets.window_ends_at END`,
              })
              .where((eb) => eb.or([isWindowOver, eb('auth_budgets.used', '<', limit.max)])),
          )
          .returning('used')
          .executeTakeFirst();
        // Throwing rolls the transaction back, so the budgets taken before stay untouched.
        if (!taken) throw new AppError(ErrorCode.tooManyAttempts);
      }
    });
  }

  /** Gives back one attempt taken by `take` that turned out not to count. */
  async giveBack(budgets: readonly Budget[]): Promise<void> {
    for (const { limit, subject } of budgets) {
      await this.db
        .updateTable('auth_budgets')
        .set((eb) => ({ used: eb('used', '-', 1) }))
        .where('scope', '=', limit.scope)
        .where('subject', '=', subject)
        .where('used', '>', 0)
        .execute();
    }
  }

  async clear({ limit, subject }: Budget): Promise<void> {
    await this.db
      .deleteFrom('auth_budgets')
      .where('scope', '=', limit.scope)
      .where('subject', '=', subject)
      .execute();
  }
}
