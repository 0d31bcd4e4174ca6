import { exportRequest, type Locale } from '@solar/contract';
import type { JobDeps } from '../app-deps.js';
import { AppError } from '../errors/app-error.js';
import { reportLogo } from '../reports/report-logo.js';
import { exportFile } from './export-files.js';
import { ownerContext } from './export-owner.js';
import { checkExportPermission, EXPORT_TABLES } from './export-tables.js';
import type { Cell } from './table-rows.js';
import { type ExportFilters, exportFiltersOf, type ExportRow } from './exports.tables.js';

/** Progress is written at most once per this many rows (and per whole percent). */
const PROGRESS_EVERY_ROWS = 1000;
const HOUR_MS = 3600_000;

export function exportObjectKey(row: Pick<ExportRow, 'id' | 'file_name'>): string {
  return `exports/${row.id}/${row.file_name}`;
}

/** The stored filters, checked again by the request's schema. */
function storedFilters(row: ExportRow): ExportFilters {
  return exportFiltersOf(exportRequest.parse({ ...(row.filters as object), format: row.format }));
}

/** Passes the rows on and writes the percent done as they go. */
async function* withProgress(
  rows: AsyncIterable<Cell[]>,
  total: number,
  report: (percent: number) => Promise<void>,
) {
  let count = 0;
  let reported = 0;
  for await (const row of rows) {
    yield row;
    count += 1;
    const percent = Math.min(99, Math.floor((count * 100) / Math.max(total, 1)));
    if (count % PROGRESS_EVERY_ROWS === 0 && percent > reported) {
      reported = percent;
      await report(percent);
    }
  }
}

/**
 * Builds one export's file into the object store. Idempotent: a ready export is left alone and
 * a rerun after a crash writes the same key again. An owner who may no longer see the list,
 * or whose account or company was disabled, fails it at once; an error fails it after the last attempt and is retried before.
 */
export async function buildExportFile(
  deps: Pick<JobDeps, 'db' | 'files' | 'config' | 'logger'>,
  exportId: number,
  maxAttempts: number,
): Promise<void> {
  const { db, files } = deps;
  const row = await db
    .updateTable('exports')
    .set((eb) => ({ status: 'running', percent: 0, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', exportId)
    .where('status', '<>', 'ready')
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  const fail = () =>
    db
      .updateTable('exports')
      .set({ status: 'failed', finished_at: new Date() })
      .where('id', '=', exportId)
      .execute();
  const table = EXPORT_TABLES[row.kind];
  try {
    const auth = await ownerContext(db, row.user_id);
    checkExportPermission(table, auth);
    const filters = storedFilters(row);
    const locale = row.locale as Locale;
    const { total, rows: cells, headers } = await table.open(db, auth, filters, locale);
    const rows = withProgress(cells, total, async (percent) => {
      await db.updateTable('exports').set({ percent }).where('id', '=', exportId).execute();
    });
    const key = exportObjectKey(row);
    const logo =
      row.kind === 'report' && row.format === 'pdf'
        ? await reportLogo({ db, files, dataDir: deps.config.DATA_DIR }, row.user_id)
        : null;
    const stored = await files.put(
      key,
      exportFile(
        row.format,
        table.name,
        headers ?? table.headers(locale, filters),
        rows,
        locale,
        logo,
      ),
    );
    const finishedAt = new Date();
    await db
      .updateTable('exports')
      .set({
        status: 'ready',
        percent: 100,
        row_count: total,
        object_key: key,
        size_bytes: stored.size,
        finished_at: finishedAt,
        expires_at: new Date(finishedAt.getTime() + deps.config.EXPORT_RETENTION_HOURS * HOUR_MS),
      })
      .where('id', '=', exportId)
      .execute();
  } catch (error) {
    if (error instanceof AppError) {
      await fail();
      deps.logger.info({ exportId, code: error.code }, 'export refused: its owner may not see it');
      return;
    }
    if (row.attempts >= maxAttempts) {
      await fail();
      deps.logger.error({ err: error, exportId }, 'export failed for good');
      return;
    }
    throw error;
  }
}

/**
 * Removes expired files and their records, and records that never became ready within the
 * retention time (failed, or lost). Returns how many records went.
 */
export async function deleteExpiredExports(
  deps: Pick<JobDeps, 'db' | 'files' | 'config'>,
  now = new Date(),
): Promise<number> {
  const staleBefore = new Date(now.getTime() - deps.config.EXPORT_RETENTION_HOURS * HOUR_MS);
  const expired = await deps.db
    .selectFrom('exports')
    .select(['id', 'object_key'])
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('expires_at', 'is', null), eb('created_at', '<=', staleBefore)]),
      ]),
    )
    .execute();
  for (const row of expired) {
    if (row.object_key) await deps.files.remove(row.object_key);
    await deps.db.deleteFrom('exports').where('id', '=', row.id).execute();
  }
  return expired.length;
}
