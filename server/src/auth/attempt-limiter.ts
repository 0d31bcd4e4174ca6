import { ErrorCode } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';

export interface AttemptLimit {
  scope: string;
  max: number;
  windowMinutes: number;
}

/** Failed logins per account: at most 5 per 15 minutes. */
export const LOGIN_PER_ACCOUNT: AttemptLimit = {
  scope: 'login:account',
  max: 5,
  windowMinutes: 15,
};
/** Failed logins per IP address, across accounts. */
export const LOGIN_PER_IP: AttemptLimit = { scope: 'login:ip', max: 30, windowMinutes: 15 };
/** Verification codes requested per e-mail and per IP. */
export const CODE_REQUEST_PER_ACCOUNT: AttemptLimit = {
  scope: 'code:request:account',
  max: 5,
  windowMinutes: 15,
};
export const CODE_REQUEST_PER_IP: AttemptLimit = {
  scope: 'code:request:ip',
  max: 20,
  windowMinutes: 15,
};
/** Wrong verification codes per e-mail and per IP. */
export const CODE_CHECK_PER_ACCOUNT: AttemptLimit = {
  scope: 'code:check:account',
  max: 5,
  windowMinutes: 15,
};
export const CODE_CHECK_PER_IP: AttemptLimit = {
  scope: 'code:check:ip',
  max: 30,
  windowMinutes: 15,
};

/**
 * Counts attempts in PostgreSQL so the limit holds across server processes and restarts.
 */
export class AttemptLimiter {
  constructor(private readonly db: Db) {}

  async assertAllowed(limit: AttemptLimit, subject: string): Promise<void> {
    const row = await this.db
      .selectFrom('auth_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('scope', '=', limit.scope)
      .where('subject', '=', subject.toLowerCase())
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${limit.windowMinutes})`)
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= limit.max) throw new AppError(ErrorCode.tooManyAttempts);
  }

  async record(limit: AttemptLimit, subject: string): Promise<void> {
    await this.db
      .insertInto('auth_attempts')
      .values({ scope: limit.scope, subject: subject.toLowerCase() })
      .execute();
  }

  async clear(limit: AttemptLimit, subject: string): Promise<void> {
    await this.db
      .deleteFrom('auth_attempts')
      .where('scope', '=', limit.scope)
      .where('subject', '=', subject.toLowerCase())
      .execute();
  }
}
