import pg from 'pg';
import { printTable } from './report.js';

interface StatementTime {
  query: string;
  calls: number;
  plan_ms: number;
  exec_ms: number;
}

/** A statement's text on one line, cut to `width` characters. */
function oneLine(query: string, width = 90): string {
  const text = query.replace(/\s+/g, ' ').trim();
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * Where the database's execution time goes, statement by statement, read from
 * pg_stat_statements: the embedded bench database preloads it; a DATABASE_URL server that does
 * not gives null, and the bench prints no such table.
 */
export class StatementTimes {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<StatementTimes | null> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
      return new StatementTimes(client);
    } catch {
      await client.end();
      return null;
    }
  }

  async reset(): Promise<void> {
    await this.client.query('SELECT pg_stat_statements_reset()');
  }

  /**
   * The `limit` statements of this database that took the most planning and execution time
   * since `reset`. Kysely's statements are unnamed, so each call is planned afresh.
   */
  async print(title: string, limit = 10): Promise<void> {
    const { rows } = await this.client.query<StatementTime>(
      `SELECT query, calls::int AS calls, total_plan_time AS plan_ms, total_exec_time AS exec_ms
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_plan_time + total_exec_time DESC`,
    );
    const timeOf = (row: StatementTime) => row.plan_ms + row.exec_ms;
    const total = rows.reduce((sum, row) => sum + timeOf(row), 0);
    const planned = rows.reduce((sum, row) => sum + row.plan_ms, 0);
    printTable(
      `${title}: ${(total / 1000).toFixed(1)} s of planning and execution in all, ` +
        `${(planned / 1000).toFixed(1)} s of it planning`,
      ['share', 'calls', 'plan ms', 'exec ms', 'statement'],
      rows
        .slice(0, limit)
        .map((row) => [
          `${((100 * timeOf(row)) / total).toFixed(1)}%`,
          String(row.calls),
          (row.plan_ms / row.calls).toFixed(2),
          (row.exec_ms / row.calls).toFixed(2),
          oneLine(row.query),
        ]),
    );
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
