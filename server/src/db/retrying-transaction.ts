import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';
import { sqlStateOf } from './storage-errors.js';

/**
 * PostgreSQL's serialization_failure (40001) and deadlock_detected (40P01): the transaction lost
 * to a concurrent one and was rolled back whole, so running it again is safe and usually wins.
 */
const CONCURRENCY_FAILURES = new Set(['40001', '40P01']);
/** Tries in all; a deadlock between the same two requests rarely happens twice in a row. */
export const CONCURRENCY_ATTEMPTS = 5;
/** The pause before try n is random up to n times this, so two losers do not meet again. */
const BACKOFF_STEP_MS = 20;

export function isConcurrencyFailure(error: unknown): boolean {
  const sqlState = sqlStateOf(error);
  return sqlState !== null && CONCURRENCY_FAILURES.has(sqlState);
}

/** Runs `attempt` again, after a short random pause, while it fails with 40001 or 40P01. */
export async function retryConcurrencyFailures<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConcurrencyFailure(error) || tries === CONCURRENCY_ATTEMPTS) throw error;
      await sleep(randomInt(1, BACKOFF_STEP_MS * tries + 1));
    }
  }
}

/**
 * The app's transaction: `work` runs in one, and runs again in a new one when PostgreSQL aborts
 * it for a deadlock or a serialization failure. So `work` must do nothing outside the database
 * that cannot happen twice.
 */
export function retryingTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retryConcurrencyFailures(() => db.transaction().execute(work));
}
