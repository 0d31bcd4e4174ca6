import { type CommandRecord, ErrorCode } from '@solar/contract';
import { AppError } from '../errors/app-error.js';
import type { CommandLogRow } from './command-store.js';
import { presentCommand } from './commands.presenter.js';
import { outcomeCode } from './commands.service.js';

/**
 * The log record of a finished command when the device confirmed it; otherwise throws its code
 * (604 failed, 608 withdrawn, 1 timed out) with the record as data, so the page can show why.
 */
export function confirmedRecord(row: CommandLogRow): CommandRecord {
  const record = presentCommand(row);
  const code = outcomeCode(row);
  if (code !== ErrorCode.ok) throw new AppError(code, undefined, record);
  return record;
}
