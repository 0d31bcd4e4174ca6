import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Deletes raw samples older than the retention period. Rollups (power_5min, energy_daily)
 * stay, so history charts keep working; only the raw readings go.
 */
export async function deleteExpiredSamples(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const result =
    await sql`DELETE FROM samples WHERE ts < ${cutoff.toISOString()}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
