import { localTimestamp } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { commandLogEntries, commandLogRows } from '../commands/command-store.js';
import type { Db } from '../db/database.js';
import { dayTimeZone } from '../plants/local-day.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { Cell, TableRows } from './table-rows.js';
import type { ExportFilters } from './exports.tables.js';

type CommandLogFilters = Extract<ExportFilters, { kind: 'commandLog' }>;
type DebugLogFilters = Extract<ExportFilters, { kind: 'debugLog' }>;

/** A datalogger without a plant has its times in UTC. */

/** The stored filters as the log's query takes them: the debug log is the `raw` commands. */
const logFilters = ({ kind, ...filters }: CommandLogFilters | DebugLogFilters) => ({
  ...filters,
  debug: kind === 'debugLog',
});

/** Formats a row's times in its plant's time zone, with the offset. */
function plantTimes(timeZone: string | null) {
  const zone = dayTimeZone(timeZone);
  return (value: Date | null) => (value ? localTimestamp(zone, value) : null);
}

/** A text field of a stored object as sent (a raw payload or reply), blank when missing. */
function rawText(stored: unknown, key: string): string | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const value = (stored as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** JSON of a stored object, blank when there is none. */
const jsonText = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

type LogRow = Awaited<ReturnType<ReturnType<typeof commandLogRows>['executeTakeFirstOrThrow']>>;

/** The log's entries the owner may see, newest first like its page, one line of cells each. */
async function logTableRows(
  db: Db,
  auth: AuthContext,
  stored: CommandLogFilters | DebugLogFilters,
  cellsOf: (row: LogRow, at: ReturnType<typeof plantTimes>) => Cell[],
): Promise<TableRows> {
  const entries = commandLogEntries(db, auth, logFilters(stored));
  const rows = cursorCells(commandLogRows(entries), (row) =>
    cellsOf(row, plantTimes(row.plant_time_zone)),
  );
  return { total: await countOf(entries), rows };
}

/**
 * The communication log: the command and state are their stable codes, times are the plant's
 * with their offset.
 */
export function commandLogTableRows(
  db: Db,
  auth: AuthContext,
  stored: CommandLogFilters,
): Promise<TableRows> {
  return logTableRows(db, auth, stored, (row, at) => [
    at(row.created_at),
    row.plant_name,
    row.datalogger_sn,
    row.target_sn,
    row.name,
    row.state,
    row.user_email,
    at(row.sent_at),
    at(row.finished_at),
    row.reason,
    jsonText(row.args),
    jsonText(row.result),
  ]);
}

/** The debug log: the raw request and reply as sent, the reason of a failure or timeout. */
export function debugLogTableRows(
  db: Db,
  auth: AuthContext,
  stored: DebugLogFilters,
): Promise<TableRows> {
  return logTableRows(db, auth, stored, (row, at) => [
    at(row.created_at),
    row.plant_name,
    row.datalogger_sn,
    row.user_email,
    row.state,
    at(row.sent_at),
    at(row.finished_at),
    rawText(row.args, 'payload'),
    rawText(row.result, 'reply'),
    row.reason,
  ]);
}
