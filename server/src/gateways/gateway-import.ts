import {
  ErrorCode,
  type ErrorCodeValue,
  GATEWAY_IMPORT_AREA,
  GATEWAY_IMPORT_COLUMNS,
  GATEWAY_IMPORT_MAX_ROWS,
  gatewayImportUpload,
  rules,
  type ValidationFailure,
} from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import {
  claimOutcome,
  type GatewaysService,
  holderOf,
  type RowOutcome,
} from './gateways.service.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import {
  MAX_UNPACKED_BYTES,
  READ_TIMEOUT_MS,
  readSpreadsheetTable,
  spreadsheetKind,
} from './spreadsheet-reader.js';

/** One data row of an import file, as read (trimmed text). */
export interface ImportRow {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  sn: string;
  key: string;
  alias: string;
  area: string;
}

export interface ImportedRow extends ImportRow, RowOutcome {}

function invalidFile(message: string): AppError {
  const data: ValidationFailure = { fields: [{ field: gatewayImportUpload.field, message }] };
  return new AppError(ErrorCode.validation, message, data);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).trim();
  return '';
}

/** Why a spreadsheet gave no table, as the field message of code 4. */
const SHEET_PROBLEMS = {
  unreadable: 'The spreadsheet cannot be read; save it again as .xlsx and retry',
  noSheet: 'The spreadsheet has no sheet',
  tooLarge: `The spreadsheet unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; an import needs far less`,
  tooSlow: `The spreadsheet takes more than ${READ_TIMEOUT_MS / 1000} seconds to read; save only the import rows and retry`,
} as const;

/**
 * Reads the first sheet of an .xlsx (a ZIP package) or .xls (a compound file) by its content,
 * whatever the file is called, off the event loop and within limits (`spreadsheet-reader.ts`).
 * A file that is neither, cannot be read within the limits, lacks the template's header, holds
 * no rows or more than the limit answers code 4 with a message saying which.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportRow[]> {
  if (!spreadsheetKind(bytes)) throw invalidFile('The file is not an .xlsx or .xls spreadsheet');
  // Reading stops after the limit (plus header and one row to notice the excess).
  const sheet = await readSpreadsheetTable(bytes, {
    maxRows: GATEWAY_IMPORT_MAX_ROWS + 2,
    columns: GATEWAY_IMPORT_COLUMNS.length,
  });
  if (sheet.kind !== 'table') throw invalidFile(SHEET_PROBLEMS[sheet.kind]);
  const { table } = sheet;
  const header = (table[0] ?? []).map(cellText).map((cell) => cell.toLowerCase());
  const expected = GATEWAY_IMPORT_COLUMNS.map((column) => column.toLowerCase());
  if (header[0] !== expected[0] || header[1] !== expected[1]) {
    throw invalidFile(
      `The first row must be the template's header: ${GATEWAY_IMPORT_COLUMNS.join(', ')}`,
    );
  }
  const rows: ImportRow[] = [];
  table.slice(1).forEach((cells, index) => {
    const [sn, key, alias, area] = [0, 1, 2, 3].map((column) => cellText(cells[column]));
    if (sn === '' && key === '' && alias === '' && area === '') return;
    rows.push({
      row: index + 2,
      sn: sn ?? '',
      key: key ?? '',
      alias: alias ?? '',
      area: area ?? '',
    });
  });
  if (rows.length === 0) throw invalidFile('The file holds no datalogger rows');
  if (rows.length > GATEWAY_IMPORT_MAX_ROWS) {
    throw invalidFile(`A file may hold at most ${GATEWAY_IMPORT_MAX_ROWS} rows; split it`);
  }
  return rows;
}

/** Code 4 and its reason for a row whose cells break the rules, else null. */
function rowProblem(row: ImportRow): RowOutcome | null {
  if (!rules.serialNumber.safeParse(row.sn).success) {
    return { code: ErrorCode.validation, detail: 'SN: 2 to 22 letters or digits' };
  }
  if (!rules.serialNumber.safeParse(row.key).success) {
    return { code: ErrorCode.validation, detail: 'Key: 2 to 22 letters or digits' };
  }
  if (row.alias !== '' && !rules.name(32).safeParse(row.alias).success) {
    return { code: ErrorCode.validation, detail: 'Alias: at most 32 characters, no special ones' };
  }
  if (row.area !== '' && row.area.toLowerCase() !== GATEWAY_IMPORT_AREA.toLowerCase()) {
    return { code: ErrorCode.validation, detail: `Area code: only ${GATEWAY_IMPORT_AREA}` };
  }
  return null;
}

/**
 * Imports the rows in one transaction with the register rows locked: each row is judged alone
 * (4 bad cells, a second listing of an SN 301, then the claim check: 305, 300, 301) and the good
 * ones are applied together, so every row is either imported whole or not at all. A platform
 * administrator's import registers SNs the register does not know (301 for known ones).
 */
export async function importGateways(
  db: Db,
  gateways: GatewaysService,
  auth: AuthContext,
  rows: readonly ImportRow[],
): Promise<ImportedRow[]> {
  return retryingTransaction(db, async (trx) => {
    const register = await gateways.registerRows(
      trx,
      rows.map((row) => row.sn),
      true,
    );
    const firstRow = new Map<string, number>();
    const results: ImportedRow[] = rows.map((row) => {
      const problem = rowProblem(row);
      if (problem) return { ...row, ...problem };
      const first = firstRow.get(row.sn);
      if (first !== undefined) {
        return {
          ...row,
          code: ErrorCode.dataloggerInUse,
          detail: `Listed twice in the file (first in row ${first})`,
        };
      }
      firstRow.set(row.sn, row.row);
      const known = register.get(row.sn);
      let code: ErrorCodeValue;
      if (auth.kind === 'platform_admin') {
        code = known ? ErrorCode.dataloggerInUse : ErrorCode.ok;
      } else {
        code = claimOutcome(known, row.key);
      }
      return { ...row, code };
    });
    const good = results.filter((result) => result.code === ErrorCode.ok);
    if (good.length === 0) return results;
    const serials = good.map((row) => row.sn);
    const aliases = good.map((row) => (row.alias === '' ? null : row.alias));
    if (auth.kind === 'platform_admin') {
      const keys = good.map((row) => row.key);
      await sql`
        INSERT INTO dataloggers (sn, registration_key, alias)
        SELECT * FROM unnest(${serials}::text[], ${keys}::text[], ${aliases}::text[])
        ON CONFLICT (sn) DO NOTHING`.execute(trx);
    } else {
      const holder = holderOf(auth);
      await sql`
        UPDATE dataloggers SET owner_company_id = ${holder.owner_company_id},
          owner_user_id = ${holder.owner_user_id}, alias = imported.alias
        FROM unnest(${serials}::text[], ${aliases}::text[]) AS imported (sn, alias)
        WHERE dataloggers.sn = imported.sn`.execute(trx);
    }
    return results;
  });
}

/** The import template: the header row, and a second sheet explaining the columns. */
export function importTemplate(): Buffer {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([[...GATEWAY_IMPORT_COLUMNS]]);
  sheet['!cols'] = [{ wch: 24 }, { wch: 24 }, { wch: 32 }, { wch: 12 }];
  XLSX.utils.book_append_sheet(workbook, sheet, 'Dataloggers');
  const notes = XLSX.utils.aoa_to_sheet([
    ['Column', 'Meaning'],
    ['SN', 'Serial number of the datalogger, 2 to 22 letters or digits (required)'],
    ['Key', 'Registration key printed on the datalogger (required)'],
    ['Alias', 'Optional name, at most 32 characters'],
    ['Area code', `Local area code: ${GATEWAY_IMPORT_AREA} (empty means ${GATEWAY_IMPORT_AREA})`],
    ['', `At most ${GATEWAY_IMPORT_MAX_ROWS} rows per file; the first sheet is imported`],
  ]);
  XLSX.utils.book_append_sheet(workbook, notes, 'Notes');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
