import type { FileFormat, Locale } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Cell, Figure } from './table-rows.js';
import { pdfFile } from './pdf-file.js';

const ROWS_PER_CHUNK = 500;

const isFigure = (cell: Cell): cell is Figure => typeof cell === 'object' && cell !== null;

/** A row with its figures as plain numbers. */
const plainRow = (row: Cell[]) => row.map((cell) => (isFigure(cell) ? cell.value : cell));

/** Units whose figures stay plain numbers in a spreadsheet (the header names the unit). */
const PLAIN_UNITS = new Set(['kWh', 'kW', 'h', 'kg']);

/** Money is shown with its currency and a ratio as a percentage, yet both stay numbers. */
function numberFormatOf(cell: Cell): string | undefined {
  if (!isFigure(cell) || PLAIN_UNITS.has(cell.unit)) return undefined;
  if (cell.unit === 'ratio') return '0.0%';
  return `#,##0.00 "${cell.unit}"`;
}

/** CSV in chunks of a few hundred rows, with a byte order mark so spreadsheets read UTF-8. */
function csvFile(headers: string[], rows: AsyncIterable<Cell[]>): Readable {
  async function* chunks() {
    yield `\uFEFF${stringify([headers])}`;
    let batch: Cell[][] = [];
    for await (const row of rows) {
      batch.push(plainRow(row));
      if (batch.length === ROWS_PER_CHUNK) {
        yield stringify(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield stringify(batch);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * XLSX through exceljs's streaming `WorkbookWriter`: each row is committed (written to the
 * zip) as it comes, and the loop waits while the reader of the file lags, so a large export
 * never holds its rows in memory. Numbers and figures stay numbers.
 */
function xlsxFile(sheetName: string, headers: string[], rows: AsyncIterable<Cell[]>): Readable {
  const file = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  async function write() {
    sheet.addRow(headers).commit();
    for await (const row of rows) {
      const added = sheet.addRow(plainRow(row));
      row.forEach((cell, index) => {
        const numFmt = numberFormatOf(cell);
        if (numFmt) added.getCell(index + 1).numFmt = numFmt;
      });
      added.commit();
      if (file.writableNeedDrain) await once(file, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => file.destroy(error as Error));
  return file;
}

/** The file of an export as a stream of bytes; a PDF carries `logo` when one is given. */
export function exportFile(
  format: FileFormat,
  sheetName: string,
  headers: string[],
  rows: AsyncIterable<Cell[]>,
  locale: Locale,
  logo: Buffer | null = null,
): Readable {
  switch (format) {
    case 'csv':
      return csvFile(headers, rows);
    case 'xlsx':
      return xlsxFile(sheetName, headers, rows);
    case 'pdf':
      return pdfFile(sheetName, headers, rows, locale, logo);
  }
}
