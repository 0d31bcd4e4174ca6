import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './database.js';
import { CONCURRENCY_ATTEMPTS, retryingTransaction } from './retrying-transaction.js';

const db = createDb(inject('databaseUrl'), 4);
const table = `deadlock_probe_${process.pid}_${Date.now()}`;

afterAll(async () => {
  await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  await db.destroy();
});

function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('retryingTransaction', () => {
  it('runs a transaction that lost a real deadlock (40P01) again until it commits', async () => {
    await sql`CREATE TABLE ${sql.table(table)} (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
    await sql`INSERT INTO ${sql.table(table)} VALUES (1, 0), (2, 0)`.execute(db);
    const bump = (trx: typeof db, id: number) =>
      sql`UPDATE ${sql.table(table)} SET n = n + 1 WHERE id = ${id}`.execute(trx);
    const firstHeld = signal();
    const secondHeld = signal();
    let attempts = 0;
    // Each takes one row and then wants the other's: PostgreSQL aborts one of the two. On a
    // second run the signals have fired already, so the loser simply runs through.
    const crossing = (
      own: number,
      other: number,
      held: typeof firstHeld,
      awaited: typeof firstHeld,
    ) =>
      retryingTransaction(db, async (trx) => {
        attempts += 1;
        await bump(trx, own);
        held.resolve();
        await awaited.promise;
        await bump(trx, other);
      });
    await Promise.all([
      crossing(1, 2, firstHeld, secondHeld),
      crossing(2, 1, secondHeld, firstHeld),
    ]);
    expect(attempts).toBe(3);
    const { rows } = await sql<{
      n: number;
    }>`SELECT n FROM ${sql.table(table)} ORDER BY id`.execute(db);
    expect(rows).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it('gives up after its attempts and keeps other errors as they are', async () => {
    let attempts = 0;
    const deadlocked = retryingTransaction(db, () => {
      attempts += 1;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(deadlocked).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(CONCURRENCY_ATTEMPTS);

    attempts = 0;
    const duplicate = retryingTransaction(db, () => {
      attempts += 1;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});
