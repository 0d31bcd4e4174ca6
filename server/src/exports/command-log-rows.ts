import type { AuthContext } from '../auth/auth-context.js';
import { commandLogEntries, commandLogRows } from '../commands/commands.service.js';
import type { Db } from '../db/database.js';
import { formatPlantTime } from '../events/event-csv.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { TableRows } from './export-tables.js';
import type { ExportFilters } from './exports.tables.js';

type CommandLogFilters = Extract<ExportFilters, { kind: 'commandLog' }>;

/** A datalogger without a plant has its times in UTC. */
const NO_PLANT_TIME_ZONE = 'UTC';

const logFilters = ({ kind: _kind, ...filters }: CommandLogFilters) => ({
  ...filters,
  debug: false,
});

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
    const timeZone = row.plant_time_zone ?? NO_PLANT_TIME_ZONE;
    const at = (value: Date | null) => (value ? formatPlantTime(value, timeZone) : null);
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
