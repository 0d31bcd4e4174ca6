import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.webmanifest',
]);
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

async function isFresh(copy: string, source: string): Promise<boolean> {
  try {
    const [copyStat, sourceStat] = await Promise.all([stat(copy), stat(source)]);
    return copyStat.mtimeMs >= sourceStat.mtimeMs;
  } catch {
    return false;
  }
}

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  if (!(await isFresh(`${file}.br`, file))) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
    await writeFile(`${file}.br`, await brotli(content, { params }));
  }
  if (!(await isFresh(`${file}.gz`, file))) {
    await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
  }
}

/**
 * Writes `.br` and `.gz` copies beside the built web app's text files once, so the static
 * server answers `Accept-Encoding` with a precompressed file instead of compressing per request.
 */
export async function precompressFolder(folder: string): Promise<void> {
  const files = (await filesUnder(folder)).filter((file) => COMPRESSIBLE.has(path.extname(file)));
  for (const file of files) await compressFile(file);
}
