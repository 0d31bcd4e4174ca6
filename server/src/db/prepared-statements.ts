import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * How many statement texts get a name. A text with a list of values inlined (`IN ($1, $2, …)`)
 * is a new text per list length, so the set is bounded: past it, statements go unnamed.
 */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Names for statement texts, shared by every connection: a named statement is parsed once per
 * connection and then only bound and executed, and after five runs PostgreSQL may keep one
 * generic plan for it (as JDBC drivers do by default). Kysely sends every statement unnamed, so
 * the dashboard's small reads were planned afresh on each call: 40% of the database's time under
 * the API bench's load.
 */
export class StatementNames {
  /** Each named text's name; null for a text that goes unnamed from now on. */
  private readonly names = new Map<string, string | null>();

  constructor(private readonly capacity = MAX_PREPARED_STATEMENTS) {}

  /** The text's name, or none once the capacity is taken by other texts. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.capacity) return known ?? undefined;
    const name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** Sends `text` unnamed from now on (its prepared form went stale on some connection). */
  unname(text: string): void {
    this.names.set(text, null);
  }
}

/** PostgreSQL's answer to a prepared `SELECT *` whose table has changed its columns since. */
function isStaleResultType(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

/**
 * A pool client that names each statement with parameters. Statements without any (migrations,
 * `BEGIN`, `COMMIT`) keep the simple protocol, which runs several statements in one text.
 */
class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      // Kysely hands back the cursor it made from the dialect's `cursor` option: pg-cursor's.
      return this.client.query(sqlOrCursor as PostgresCursor<R> & pg.Submittable);
    }
    return this.run(sqlOrCursor, [...parameters]) as Promise<unknown> as Promise<
      PostgresQueryResult<R>
    >;
  }

  /**
   * Runs `text` by its name. A migration of another server process that changes a table's
   * columns makes a prepared `SELECT *` of it fail: the text then goes unnamed everywhere and
   * runs once more (which, inside a transaction, fails with the original error).
   */
  private async run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = values.length > 0 ? this.names.nameOf(text) : undefined;
    try {
      return await this.client.query({ name, text, values });
    } catch (error) {
      if (name === undefined || !isStaleResultType(error)) throw error;
      this.names.unname(text);
      return this.client.query({ text, values }).catch(() => {
        throw error;
      });
    }
  }

  release(): void {
    this.client.release();
  }
}

/** Kysely's view of `pool`, with its statements prepared by name. */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  return {
    connect: async () => new PreparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
