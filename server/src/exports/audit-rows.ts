import type { Db } from '../db/database.js';
import { type AuditFilters, filteredAuditEntries } from '../audit/audit.service.js';
import type { Cell } from './export-tables.js';

/** Rows are read from the database through a cursor in chunks of this many. */
const CURSOR_CHUNK = 1000;

/** An instant as `YYYY-MM-DD HH:mm:ss` in UTC. */
function utcTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

export async function countAuditRows(db: Db, filters: AuditFilters): Promise<number> {
  const { total } = await filteredAuditEntries(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The entries, newest first like the list; the action is its stable code. */
export async function* auditCells(db: Db, filters: AuditFilters): AsyncIterable<Cell[]> {
  const rows = filteredAuditEntries(db, filters)
    .select(['created_at', 'actor_email', 'action', 'target', 'address', 'detail'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .stream(CURSOR_CHUNK);
  for await (const row of rows) {
    yield [
      utcTime(row.created_at),
      row.actor_email,
      row.action,
      row.target,
      row.address,
      JSON.stringify(row.detail),
    ];
  }
}
