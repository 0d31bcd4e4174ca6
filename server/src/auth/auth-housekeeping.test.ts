import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../db/database.js';
import { deleteExpiredAuthRecords } from './auth-housekeeping.js';

const db = createDb(inject('databaseUrl'), 2);
afterAll(() => db.destroy());

const hoursAgo = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours})`;

describe('auth housekeeping', () => {
  it('deletes attempts and verification codes no rule needs, and keeps the rest', async () => {
    const subject = `cleanup-${randomUUID()}@example.com`;
    // created_at is set by the database only; tests back-date it in SQL.
    await sql`
      INSERT INTO auth_attempts (scope, subject, created_at)
      VALUES ('login:account', ${subject}, ${hoursAgo(25)}), ('login:account', ${subject}, now())
    `.execute(db);
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

    const deleted = await deleteExpiredAuthRecords(db);

    expect(deleted.attempts).toBeGreaterThanOrEqual(1);
    expect(deleted.codes).toBeGreaterThanOrEqual(1);
    const attempts = await db
      .selectFrom('auth_attempts')
      .select('id')
      .where('subject', '=', subject)
      .execute();
    expect(attempts).toHaveLength(1);
    const codes = await db
      .selectFrom('verification_codes')
      .select('purpose')
      .where('email', '=', subject)
      .execute();
    expect(codes).toEqual([{ purpose: 'fresh' }]);
  });
});
