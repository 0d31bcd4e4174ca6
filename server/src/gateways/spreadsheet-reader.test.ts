import { describe, expect, it } from 'vitest';
import { spreadsheet, zipBombXlsx } from '../test/fixtures/gateways.factories.js';
import { readSpreadsheetTable } from './spreadsheet-reader.js';

const sheet = { maxRows: 10, columns: 4 };
// 4 million cells: about 120 kB packed, 60 MB unpacked; the lying copy declares 1 kB.
const cells = 4_000_000;

describe('readSpreadsheetTable', () => {
  it('reads the top-left corner of the first sheet in a worker thread', async () => {
    const file = spreadsheet([['ABC123', 'KEY12345', 'Roof', 'Europe', 'extra']]);
    expect(await readSpreadsheetTable(file, sheet)).toEqual({
      kind: 'table',
      table: [
        ['SN', 'Key', 'Alias', 'Area code'],
        ['ABC123', 'KEY12345', 'Roof', 'Europe'],
      ],
    });
  });

  it('refuses a zip bomb by its ZIP directory, before unpacking anything', async () => {
    expect(await readSpreadsheetTable(zipBombXlsx(cells), sheet)).toEqual({ kind: 'tooLarge' });
  });

  it('refuses a file that lies about its size when its worker runs out of time', async () => {
    const lying = zipBombXlsx(cells, true);
    const slow = await readSpreadsheetTable(lying, sheet, { heapMb: 256, timeoutMs: 50 });
    expect(slow).toEqual({ kind: 'tooSlow' });
  });
});
