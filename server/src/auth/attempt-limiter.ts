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

/**
 * The budgets of guesses at one subject (an account, a datalogger's key) that no attacker can
 * spend for the subject's owner. A trusted source (a device cookie or an address that
 * authenticated before) has only its own budget per subject. Other sources have that, one per
 * source across subjects, and share one per subject; once that shared one is spent the subject
 * is under attack, and each other source is slowed down to `perSubjectAndSourceUnderAttack`
 * instead of refused: the subject is never locked as a whole.
 */
export interface GuessLimits {
  perSubjectAndSource: AttemptLimit;
  perSource: AttemptLimit;
  perSubject: AttemptLimit;
  perSubjectAndSourceUnderAttack: AttemptLimit;
}

/** Password guesses at one account from one address (or device). */
export const LOGIN_PER_ACCOUNT_AND_ADDRESS = attemptLimit('login:account-address', 5, 15);
export const LOGIN_GUESSES: GuessLimits = {
  perSubjectAndSource: LOGIN_PER_ACCOUNT_AND_ADDRESS,
  perSource: attemptLimit('login:ip', 30, 15),
  perSubject: attemptLimit('login:account', 50, 60),
  perSubjectAndSourceUnderAttack: attemptLimit('login:account-address:under-attack', 1, 60),
};
/** Verification codes requested for one e-mail from one address. */
export const CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS = attemptLimit(
  'code:request:account-address',
  5,
  15,
);
/** Its shared budget also bounds the codes mailed to one mailbox while it is not under attack. */
export const CODE_REQUESTS: GuessLimits = {
  perSubjectAndSource: CODE_REQUEST_PER_ACCOUNT_AND_ADDRESS,
  perSource: attemptLimit('code:request:ip', 20, 15),
  perSubject: attemptLimit('code:request:account', 20, 60),
  perSubjectAndSourceUnderAttack: attemptLimit('code:request:account-address:under-attack', 1, 60),
};
/** Wrong verification codes for one e-mail from one address. */
export const CODE_CHECK_PER_ACCOUNT_AND_ADDRESS = attemptLimit('code:check:account-address', 5, 15);
export const CODE_CHECKS: GuessLimits = {
  perSubjectAndSource: CODE_CHECK_PER_ACCOUNT_AND_ADDRESS,
  perSource: attemptLimit('code:check:ip', 30, 15),
  perSubject: attemptLimit('code:check:account', 50, 60),
  perSubjectAndSourceUnderAttack: attemptLimit('code:check:account-address:under-attack', 1, 60),
};

/** The budgets one guess was taken from, for `AttemptLimiter.succeeded`. */
export interface TakenGuess {
  perSubjectAndSource: Budget;
  shared: Budget[];
}

/** Rolls back a transaction whose budgets turned out spent. */
class SpentBudget extends Error {}

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
    if (!(await this.tryTake(budgets))) throw new AppError(ErrorCode.tooManyAttempts);
  }

  /**
   * Takes one guess at `subject` from `source` (`GuessLimits`), or answers 109. A trusted
   * source is one the subject authenticated from before (`KnownSources`).
   */
  async takeGuess(
    limits: GuessLimits,
    subject: string,
    source: string,
    isTrusted: boolean,
  ): Promise<TakenGuess> {
    const guess = await this.tryTakeGuess(limits, subject, source, isTrusted);
    if (!guess) throw new AppError(ErrorCode.tooManyAttempts);
    return guess;
  }

  /** `takeGuess`, answering null instead of 109. */
  async tryTakeGuess(
    limits: GuessLimits,
    subject: string,
    source: string,
    isTrusted: boolean,
  ): Promise<TakenGuess | null> {
    const perSubjectAndSource = budget(limits.perSubjectAndSource, subject, source);
    if (isTrusted) {
      return (await this.tryTake([perSubjectAndSource]))
        ? { perSubjectAndSource, shared: [] }
        : null;
    }
    const perSource = budget(limits.perSource, source);
    const perSubject = budget(limits.perSubject, subject);
    if (await this.tryTake([perSubjectAndSource, perSource, perSubject])) {
      return { perSubjectAndSource, shared: [perSource, perSubject] };
    }
    const underAttack = budget(limits.perSubjectAndSourceUnderAttack, subject, source);
    return (await this.tryTake([perSubjectAndSource, perSource, underAttack]))
      ? { perSubjectAndSource, shared: [perSource, underAttack] }
      : null;
  }

  /** A right guess: earlier typos from its source are forgiven and the shared budgets given back. */
  async succeeded(guess: TakenGuess): Promise<void> {
    await this.clear(guess.perSubjectAndSource);
    await this.giveBack(guess.shared);
  }

  /** Takes one attempt from every budget, or from none of them: false when any is spent. */
  async tryTake(budgets: readonly Budget[]): Promise<boolean> {
    try {
      await this.takeAll(budgets);
      return true;
    } catch (error) {
      if (error instanceof SpentBudget) return false;
      throw error;
    }
  }

  private async takeAll(budgets: readonly Budget[]): Promise<void> {
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
        if (!taken) throw new SpentBudget();
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
