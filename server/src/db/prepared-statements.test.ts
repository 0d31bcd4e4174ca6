import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './database.js';
import { preparingPool, StatementNames } from './prepared-statements.js';
import type { Database } from './schema.js';
import { createDatabase } from '../test/test-database.js';

describe('StatementNames', () => {
  it('gives a text the same name every time and other texts other names', () => {
    const names = new StatementNames();
    const first = names.nameOf('SELECT $1');
    expect(first).toMatch(/^k[0-9a-f]{24}$/);
    expect(names.nameOf('SELECT $1')).toBe(first);
    expect(names.nameOf('SELECT $1 + 1')).not.toBe(first);
  });

  it('names no new text once its capacity is taken, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const kept = names.nameOf('SELECT $1');
    names.nameOf('SELECT $1 + 1');
    expect(names.nameOf('SELECT $1 + 2')).toBeUndefined();
    expect(names.nameOf('SELECT $1')).toBe(kept);
  });
});

describe('statements through the database pool', () => {
  const db = createDb(inject('databaseUrl'), 1);
  afterAll(() => db.destroy());

  const preparedOnConnection = () =>
    sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    const text = 'SELECT $1::int + 41 AS answer';
    for (let run = 0; run < 3; run += 1) {
      const { rows } = await sql<{ answer: number }>`SELECT ${1}::int + 41 AS answer`.execute(db);
      expect(rows).toEqual([{ answer: 42 }]);
    }
    const { rows } = await preparedOnConnection();
    expect(rows.filter((row) => row.statement === text)).toHaveLength(1);
  });

  it('runs a text of several statements without parameters unnamed, as before', async () => {
    await sql`CREATE TEMP TABLE prepared_probe (n int); INSERT INTO prepared_probe VALUES (7)`.execute(
      db,
    );
    const { rows } = await sql<{ n: number }>`SELECT n FROM prepared_probe`.execute(db);
    expect(rows).toEqual([{ n: 7 }]);
    const prepared = await preparedOnConnection();
    expect(prepared.rows.some((row) => row.statement.includes('prepared_probe'))).toBe(false);
  });

  it('streams through a cursor', async () => {
    const streamed: number[] = [];
    for await (const row of db
      .selectNoFrom(sql<number>`generate_series(1, ${5})`.as('n'))
      .stream(2))
      streamed.push(row.n);
    expect(streamed).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves nothing prepared when the statement fails, so the next try prepares it again', async () => {
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    const failing = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    });
    try {
      const divide = (by: number) =>
        sql<{ q: number }>`SELECT 1 / ${by}::int AS q`.execute(failing);
      await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect((await divide(1)).rows).toEqual([{ q: 1 }]);
      await expect(sql`SELECT ${'x'}::int`.execute(failing)).rejects.toThrow(/invalid input/);
      expect((await divide(1)).rows).toEqual([{ q: 1 }]);
    } finally {
      await failing.destroy();
    }
  });

  it('answers a prepared SELECT * again after another process changed its table, then sends it unnamed', async () => {
    // A database of its own: a table dropped in the shared one can break another file's migrator
    // at that moment, whose look-up of every table fails on a table dropped meanwhile.
    const database = await createDatabase(inject('databaseUrl'), 'prepared_stale');
    const other = createDb(database.url, 1);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const names = new StatementNames();
    const own = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool, names) }),
    });
    const select = () => sql<Record<string, unknown>>`SELECT * FROM stale WHERE id = ${1}`;
    try {
      await sql`CREATE TABLE stale (id int); INSERT INTO stale VALUES (1)`.execute(other);
      expect((await select().execute(own)).rows).toEqual([{ id: 1 }]);
      await sql`ALTER TABLE stale ADD COLUMN note text DEFAULT 'new'`.execute(other);
      expect((await select().execute(own)).rows).toEqual([{ id: 1, note: 'new' }]);
      expect(names.nameOf(select().compile(own).sql)).toBeUndefined();
    } finally {
      await own.destroy();
      await other.destroy();
      await database.drop();
    }
  });
});
