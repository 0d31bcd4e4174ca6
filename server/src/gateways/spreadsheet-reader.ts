import { Worker } from 'node:worker_threads';
import yauzl from 'yauzl';
import type { SheetOutcome, SheetRequest } from './spreadsheet-table.js';

const MB = 1024 * 1024;
/**
 * What the entries of an .xlsx may unpack to, as its ZIP directory declares them. A 5,000-row
 * import is about 1 MB unpacked; a 205 kB zip bomb declared about 1 GB.
 */
export const MAX_UNPACKED_BYTES = 50 * MB;
/** An .xlsx holds a dozen or two entries. */
const MAX_ZIP_ENTRIES = 1000;
/** What one read's worker thread may take; over it, the read is refused and the thread ended. */
export interface WorkerLimits {
  /** A file whose directory lies about its sizes runs out of this heap, not the server's. */
  heapMb: number;
  timeoutMs: number;
}

export const READ_TIMEOUT_MS = 10_000;
const WORKER_LIMITS: WorkerLimits = { heapMb: 256, timeoutMs: READ_TIMEOUT_MS };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** An .xlsx is a ZIP package, an .xls a compound file: told by content, whatever the name. */
export function spreadsheetKind(bytes: Buffer): 'xlsx' | 'xls' | null {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  return null;
}

/** Whether the ZIP's directory declares more entries or unpacked bytes than a workbook needs. */
async function isOversizedZip(bytes: Buffer): Promise<boolean> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  if (zip.entryCount > MAX_ZIP_ENTRIES) return true;
  return new Promise<boolean>((resolve, reject) => {
    let unpacked = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) {
        zip.close();
        resolve(true);
      } else zip.readEntry();
    });
    zip.on('end', () => resolve(false));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * Starts the worker thread. Built, it is a file of its own beside main.js (esbuild.config.mjs);
 * from source (tests, `npm run dev`) the thread registers tsx before importing the TypeScript.
 */
function startWorker(request: SheetRequest, heapMb: number): Worker {
  const options = { workerData: request, resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (import.meta.url.endsWith('.js')) {
    return new Worker(new URL('./spreadsheet-table.worker.js', import.meta.url), options);
  }
  const entry = JSON.stringify(new URL('./spreadsheet-table.worker.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Runs `readSheetTable` in a worker thread, bounded in heap and time; the worker always ends. */
function readInWorker(request: SheetRequest, limits: WorkerLimits): Promise<SheetOutcome> {
  const worker = startWorker(request, limits.heapMb);
  let timer: NodeJS.Timeout | undefined;
  // The first of these settles the answer; an exit after the answer changes nothing.
  const outcome = new Promise<SheetOutcome>((resolve, reject) => {
    timer = setTimeout(() => resolve({ kind: 'tooSlow' }), limits.timeoutMs);
    worker.once('message', (answer: SheetOutcome) => resolve(answer));
    worker.once('error', (error: Error & { code?: string }) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'tooLarge' }) : reject(error),
    );
    worker.once('exit', () => reject(new Error('the spreadsheet worker ended without an answer')));
  });
  return outcome.finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

/**
 * Reads the top-left corner of a workbook's first sheet off the event loop: an .xlsx whose ZIP
 * directory declares too much is refused before anything is unpacked, and the parse runs in a
 * worker thread that is stopped when it takes too long or fills its heap.
 */
export async function readSpreadsheetTable(
  bytes: Buffer,
  sheet: Omit<SheetRequest, 'bytes'>,
  limits = WORKER_LIMITS,
): Promise<SheetOutcome> {
  if (spreadsheetKind(bytes) === 'xlsx') {
    const isOversized = await isOversizedZip(bytes).catch(() => null);
    if (isOversized === null) return { kind: 'unreadable' };
    if (isOversized) return { kind: 'tooLarge' };
  }
  return readInWorker({ ...sheet, bytes }, limits);
}
