import * as XLSX from '@e965/xlsx';

/** What to read of a spreadsheet: its bytes and how much of its first sheet. */
export interface SheetRequest {
  bytes: Uint8Array;
  maxRows: number;
  columns: number;
}

/** The cells of the first sheet (at most `maxRows` rows of `columns` cells), or why there are none. */
export type SheetOutcome =
  | { kind: 'table'; table: unknown[][] }
  | { kind: 'unreadable' }
  | { kind: 'noSheet' }
  | { kind: 'tooLarge' }
  | { kind: 'tooSlow' };

/**
 * Parses the workbook and reads the top-left corner of its first sheet. Synchronous and as slow
 * as the file makes it: `spreadsheet-reader.ts` runs it in a worker thread with limits.
 */
export function readSheetTable({ bytes, maxRows, columns }: SheetRequest): SheetOutcome {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      sheetRows: maxRows,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    return { kind: 'unreadable' };
  }
  const firstSheetName = workbook.SheetNames[0];
  const sheet = firstSheetName === undefined ? undefined : workbook.Sheets[firstSheetName];
  if (!sheet) return { kind: 'noSheet' };
  const used = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const range = {
    s: used.s,
    e: {
      r: Math.min(used.e.r, used.s.r + maxRows - 1),
      c: Math.min(used.e.c, used.s.c + columns - 1),
    },
  };
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: true,
    defval: '',
    raw: true,
    range,
  });
  return { kind: 'table', table };
}
