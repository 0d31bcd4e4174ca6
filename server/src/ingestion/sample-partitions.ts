import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';

/** `2026_03` for a month start. */
function monthSuffix(year: number, month: number): string {
  return `${year}_${String(month + 1).padStart(2, '0')}`;
}

function monthStartIso(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 1)).toISOString();
}

/**
 * Monthly partitions of `samples`, created on demand. A month whose rows already sit in the
 * default partition cannot get its own partition (PostgreSQL refuses while the default holds
 * rows of that range); its samples simply stay in the default partition, which is correct,
 * only less tidy for retention.
 */
export class SamplePartitions {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** The current and next month, so live data never lands in the default partition. */
  async prepareAhead(now = new Date()): Promise<void> {
    await this.ensureFor([now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))]);
  }

  async ensureFor(timestamps: Iterable<Date>): Promise<void> {
    for (const ts of timestamps) {
      const year = ts.getUTCFullYear();
      const month = ts.getUTCMonth();
      const suffix = monthSuffix(year, month);
      if (this.known.has(suffix)) continue;
      await this.create(year, month, suffix);
      this.known.add(suffix);
    }
  }

  private async create(year: number, month: number, suffix: string): Promise<void> {
    const from = monthStartIso(year, month);
    const to = monthStartIso(year, month + 1);
    const table = sql.table(`samples_${suffix}`);
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${table} PARTITION OF samples FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(
        this.db,
      );
    } catch (error) {
      // 23514: the default partition holds rows of this month; 42P07/23505: created concurrently.
      const code = (error as { code?: string }).code;
      if (code !== '23514' && code !== '42P07' && code !== '23505') throw error;
      this.logger.debug(
        { month: suffix, code },
        'samples of this month stay in the default partition',
      );
    }
  }
}
