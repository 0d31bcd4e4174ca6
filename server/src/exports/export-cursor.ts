import type { SelectQueryBuilder } from 'kysely';
import type { Cell } from './table-rows.js';

/** Rows are read from the database through a cursor in chunks of this many. */
export const CURSOR_CHUNK = 1000;

/**
 * Each row of a query read through a cursor (never all at once, so a large export stays flat
 * in memory), as the cells `cellsOf` makes of it.
 */
export async function* cursorCells<Row>(
  query: { stream(chunkSize: number): AsyncIterable<Row> },
  cellsOf: (row: Row) => Cell[],
): AsyncIterable<Cell[]> {
  for await (const row of query.stream(CURSOR_CHUNK)) yield cellsOf(row);
}

/** How many rows a table's query finds. */
export async function countOf<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$castTo<{ total: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
