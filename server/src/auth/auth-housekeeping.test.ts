import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../db/database.js';
import { deleteExpiredAuthRecords } from './auth-housekeeping.js';
import { KNOWN_SOURCE_DAYS } from './known-sources.js';

const db = createDb(inject('databaseUrl'), 2);
afterAll(() => db.destroy());

const hoursAgo = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours})`;

describe('auth housekeeping', () => {
  it('deletes budgets whose window is over, old verification codes and sources no longer known, and keeps the rest', async () => {
    const subject = `cleanup-${randomUUID()}@example.com`;
    await db
      .insertInto('auth_budgets')
      .values([
        { scope: 'login:over', subject, used: 5, window_ends_at: hoursAgo(1) },
        {
          scope: 'login:running',
          subject,
          used: 5,
          window_ends_at: sql<Date>`now() + interval '10 minutes'`,
        },
      ])
      .execute();
    await db
      .insertInto('verification_codes')
      .values([
        {
          email: subject,
          purpose: 'old',
          code_hash: 'x',
          expires_at: hoursAgo(25),
          consumed_at: null,
        },
        {
          email: subject,
          purpose: 'fresh',
          code_hash: 'x',
          expires_at: hoursAgo(1),
          consumed_at: null,
        },
      ])
      .execute();

    await db
      .insertInto('known_sources')
      .values([
        { subject, source: 'old', last_seen_at: hoursAgo(24 * KNOWN_SOURCE_DAYS + 1) },
        { subject, source: 'recent', last_seen_at: hoursAgo(24 * KNOWN_SOURCE_DAYS - 1) },
      ])
      .execute();

    const deleted = await deleteExpiredAuthRecords(db);

    expect(deleted.budgets).toBeGreaterThanOrEqual(1);
    expect(deleted.codes).toBeGreaterThanOrEqual(1);
    expect(deleted.knownSources).toBeGreaterThanOrEqual(1);
    const sources = await db
      .selectFrom('known_sources')
      .select('source')
      .where('subject', '=', subject)
      .execute();
    expect(sources).toEqual([{ source: 'recent' }]);
    const budgets = await db
      .selectFrom('auth_budgets')
      .select('scope')
      .where('subject', '=', subject)
      .execute();
    expect(budgets).toEqual([{ scope: 'login:running' }]);
    const codes = await db
      .selectFrom('verification_codes')
      .select('purpose')
      .where('email', '=', subject)
      .execute();
    expect(codes).toEqual([{ purpose: 'fresh' }]);
  });
});
