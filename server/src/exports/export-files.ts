import type { FileFormat } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Cell } from './export-tables.js';
import { pdfFile } from './pdf-file.js';

const ROWS_PER_CHUNK = 500;

/** CSV in chunks of a few hundred rows, with a byte order mark so spreadsheets read UTF-8. */
function csvFile(headers: string[], rows: AsyncIterable<Cell[]>): Readable {
  async function* chunks() {
    yield `\uFEFF${stringify([headers])}`;
    let batch: Cell[][] = [];
    for await (const row of rows) {
      batch.push(row);
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
 * never holds its rows in memory. Numbers stay numbers.
 */
function xlsxFile(sheetName: string, headers: string[], rows: AsyncIterable<Cell[]>): Readable {
  const file = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  async function write() {
    sheet.addRow(headers).commit();
    for await (const row of rows) {
      sheet.addRow(row).commit();
      if (file.writableNeedDrain) await once(file, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => file.destroy(error as Error));
  return file;
}

/** The file of an export as a stream of bytes. */
export function exportFile(
  format: FileFormat,
  sheetName: string,
  headers: string[],
  rows: AsyncIterable<Cell[]>,
): Readable {
  switch (format) {
    case 'csv':
      return csvFile(headers, rows);
    case 'xlsx':
      return xlsxFile(sheetName, headers, rows);
    case 'pdf':
      return pdfFile(sheetName, headers, rows);
  }
}
