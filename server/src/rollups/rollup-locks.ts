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
    ...new Map(
      targets.map((t) => {
        const key = 'plantId' in t ? [PLANT_LOCK, t.plantId] : [DATALOGGER_LOCK, t.dataloggerId];
        return [key.join(':'), key] as const;
      }),
    ).values(),
  ];
  if (keys.length === 0) return;
  // One round trip for the whole batch; ORDER BY keeps the order the same in every writer.
  await sql`
    SELECT pg_advisory_xact_lock(k.space, k.id)
    FROM unnest(${keys.map((k) => k[0])}::int[], ${keys.map((k) => k[1])}::int[]) AS k (space, id)
    ORDER BY k.space, k.id
  `.execute(trx);
}
