import { parentPort, workerData } from 'node:worker_threads';
import { readSheetTable, type SheetRequest } from './spreadsheet-table.js';

// A worker thread of `spreadsheet-reader.ts`: one workbook, one answer, then it is terminated.
parentPort?.postMessage(readSheetTable(workerData as SheetRequest));
