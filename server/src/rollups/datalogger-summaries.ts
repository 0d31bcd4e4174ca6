import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The stored live summaries of dataloggers (migration 0051) follow every change through the
 * database's triggers. A writer that changes the same dataloggers' devices and energy several
 * times in one transaction (the ingestion's batch) defers them here and refreshes once at the
 * end with `refreshDataloggerSummaries`.
 */
export async function deferDataloggerSummaries(trx: Db): Promise<void> {
  await sql`SELECT set_config('solar.summaries_deferred', 'on', true)`.execute(trx);
}

/** Recomputes the dataloggers' summaries from their devices and today's energy. */
export async function refreshDataloggerSummaries(
  trx: Db,
  dataloggerIds: readonly number[],
): Promise<void> {
  if (dataloggerIds.length === 0) return;
  await sql`SELECT refresh_datalogger_summaries(${[...dataloggerIds]}::int[])`.execute(trx);
}
