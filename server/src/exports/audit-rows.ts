import type { Db } from '../db/database.js';
import { type AuditFilters, filteredAuditEntries } from '../audit/audit.service.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { Cell } from './table-rows.js';

/** An instant as `YYYY-MM-DD HH:mm:ss` in UTC. */
export function utcTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

export function countAuditRows(db: Db, filters: AuditFilters): Promise<number> {
  return countOf(filteredAuditEntries(db, filters));
}

/** The entries, newest first like the list; the action is its stable code. */
export function auditCells(db: Db, filters: AuditFilters): AsyncIterable<Cell[]> {
  const rows = filteredAuditEntries(db, filters)
    .select(['created_at', 'actor_email', 'action', 'target', 'address', 'detail'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return cursorCells(rows, (row) => [
    utcTime(row.created_at),
    row.actor_email,
    row.action,
    row.target,
    row.address,
    JSON.stringify(row.detail),
  ]);
}
