import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Rollups are recomputed from committed samples; two transactions writing the same plant
 * would each miss the other's rows. Writers take these transaction-scoped advisory locks
 * first, in sorted order, so they queue instead.
 */
const PLANT_LOCK = 7301;
const DATALOGGER_LOCK = 7302;

export type RollupLockTarget = { plantId: number } | { dataloggerId: number };

export async function lockForRollups(trx: Db, targets: readonly RollupLockTarget[]): Promise<void> {
  const keys = [
    ...new Set(
      targets.map((t) =>
        'plantId' in t ? `${PLANT_LOCK}:${t.plantId}` : `${DATALOGGER_LOCK}:${t.dataloggerId}`,
      ),
    ),
  ].sort();
  for (const key of keys) {
    const [space, id] = key.split(':').map(Number);
    await sql`SELECT pg_advisory_xact_lock(${space}::int, ${id}::int)`.execute(trx);
  }
}
