import { type CommandRecord, ErrorCode } from '@solar/contract';
import { AppError } from '../errors/app-error.js';
import type { CommandRow } from './command-store.js';
import { presentCommand } from './commands.presenter.js';
import { type CommandsService, outcomeCode } from './commands.service.js';

/**
 * The log record of a finished command when the device confirmed it; otherwise throws its code
 * (604 failed, 1 timed out) with the record as data, so the page can show the device's reason.
 */
export async function confirmedRecord(
  commands: CommandsService,
  row: CommandRow,
): Promise<CommandRecord> {
  const record = presentCommand(await commands.logRow(row.id));
  const code = outcomeCode(row);
  if (code !== ErrorCode.ok) throw new AppError(code, undefined, record);
  return record;
}
