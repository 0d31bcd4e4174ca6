import { ErrorCode } from '@solar/contract';
import { AttemptLimiter, attemptLimit, budget } from '../auth/attempt-limiter.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';

/** Wrong public-link tokens from one address: links are not found by guessing. */
export const PUBLIC_LINK_PER_ADDRESS = attemptLimit('public-link:ip', 30, 15);

/**
 * The gate of every public link page (device realtime, wall screen): each request takes one
 * attempt from its address's budget before the token is looked at, a valid link gives it back,
 * so a TV refreshing all day is never limited while guessing stops at 109.
 */
export class PublicLinkGuard {
  private readonly limiter: AttemptLimiter;

  constructor(db: Db) {
    this.limiter = new AttemptLimiter(db);
  }

  /** What `lookup` finds for a valid token; 607 when it finds nothing, 109 when the budget is spent. */
  async resolve<T>(address: string, lookup: () => Promise<T | null>): Promise<T> {
    const budgets = [budget(PUBLIC_LINK_PER_ADDRESS, address)];
    await this.limiter.take(budgets);
    const found = await lookup();
    if (found === null) throw new AppError(ErrorCode.shareLinkInvalid);
    await this.limiter.giveBack(budgets);
    return found;
  }
}
