import pg from 'pg';
import { printTable } from './report.js';

interface StatementTime {
  query: string;
  calls: number;
  total_ms: number;
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

  /** The `limit` statements of this database that took the most execution time since `reset`. */
  async print(title: string, limit = 10): Promise<void> {
    const { rows } = await this.client.query<StatementTime>(
      `SELECT query, calls::int AS calls, total_exec_time AS total_ms FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC`,
    );
    const total = rows.reduce((sum, row) => sum + row.total_ms, 0);
    printTable(
      `${title}: ${(total / 1000).toFixed(1)} s of execution in all`,
      ['share', 'calls', 'ms/call', 'statement'],
      rows
        .slice(0, limit)
        .map((row) => [
          `${((100 * row.total_ms) / total).toFixed(1)}%`,
          String(row.calls),
          (row.total_ms / row.calls).toFixed(2),
          oneLine(row.query),
        ]),
    );
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
