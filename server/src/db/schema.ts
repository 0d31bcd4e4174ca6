import type { Selectable } from 'kysely';
import type { DB } from './tables.generated.js';

/**
 * The whole database as Kysely sees it, read back from the migrated database by
 * `generate-schema.ts` (never written by hand; `schema.test.ts` fails when it is stale).
 */
export type Database = DB;

/** A row of `table` as `SELECT *` answers it. */
export type Row<Table extends keyof Database> = Selectable<Database[Table]>;
