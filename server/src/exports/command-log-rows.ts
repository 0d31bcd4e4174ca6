import type { AuthContext } from '../auth/auth-context.js';
import { commandLogEntries, commandLogRows } from '../commands/commands.service.js';
import type { Db } from '../db/database.js';
import { formatPlantTime } from '../events/event-csv.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { TableRows } from './export-tables.js';
import type { ExportFilters } from './exports.tables.js';

type CommandLogFilters = Extract<ExportFilters, { kind: 'commandLog' }>;
type DebugLogFilters = Extract<ExportFilters, { kind: 'debugLog' }>;

/** A datalogger without a plant has its times in UTC. */
const NO_PLANT_TIME_ZONE = 'UTC';

/** The stored filters as the log's query takes them: the debug log is the `raw` commands. */
const logFilters = ({ kind, ...filters }: CommandLogFilters | DebugLogFilters) => ({
  ...filters,
  debug: kind === 'debugLog',
});

/** Formats a row's times in its plant's time zone, with the offset. */
function plantTimes(timeZone: string | null) {
  const zone = timeZone ?? NO_PLANT_TIME_ZONE;
  return (value: Date | null) => (value ? formatPlantTime(value, zone) : null);
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

/**
 * The communication log of the dataloggers the owner may see, newest first like its page; the
 * command and state are their stable codes, times are the plant's with their offset.
 */
export async function commandLogTableRows(
  db: Db,
  auth: AuthContext,
  stored: CommandLogFilters,
): Promise<TableRows> {
  const entries = commandLogEntries(db, auth, logFilters(stored));
  const rows = cursorCells(commandLogRows(entries), (row) => {
    const at = plantTimes(row.plant_time_zone);
    return [
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
    ];
  });
  return { total: await countOf(entries), rows };
}

/**
 * The debug log of the dataloggers the owner may see, newest first like its page: the raw
 * request and reply as sent, the reason of a failure or timeout, times in the plant's zone.
 */
export async function debugLogTableRows(
  db: Db,
  auth: AuthContext,
  stored: DebugLogFilters,
): Promise<TableRows> {
  const entries = commandLogEntries(db, auth, logFilters(stored));
  const rows = cursorCells(commandLogRows(entries), (row) => {
    const at = plantTimes(row.plant_time_zone);
    return [
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
    ];
  });
  return { total: await countOf(entries), rows };
}
