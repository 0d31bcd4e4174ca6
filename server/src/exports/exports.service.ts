import {
  type createExport,
  ErrorCode,
  type listDownloads,
  type Locale,
  type ParsedBody,
  type ParsedQuery,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { buildExport } from './export-jobs.js';
import { checkExportPermission, EXPORT_TABLES } from './export-tables.js';
import { exportFiltersOf, type ExportRow } from './exports.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type ExportRequestBody = ParsedBody<typeof createExport>;
export type DownloadsQuery = ParsedQuery<typeof listDownloads>;

/**
 * Stores an export request and queues its build inside the caller's transaction (the request
 * endpoint and the report scheduler). Code 2 when the requester lacks the list's permission,
 * the table's own code (606 for a device it may not see) when it refuses the selection.
 */
export async function queueExport(
  trx: Db,
  jobs: AppDeps['jobs'],
  auth: AuthContext,
  body: ExportRequestBody,
  locale: Locale,
): Promise<{ id: number }> {
  const { format } = body;
  const filters = exportFiltersOf(body);
  const table = EXPORT_TABLES[filters.kind];
  checkExportPermission(table, auth);
  await table.authorize?.(trx, auth, filters);
  const fileName = `${table.name}-${new Date().toISOString().slice(0, 10)}.${format}`;
  const { id } = await trx
    .insertInto('exports')
    .values({
      user_id: auth.userId,
      kind: filters.kind,
      format,
      locale,
      filters: JSON.stringify(filters),
      file_name: fileName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await jobs.send(buildExport, { exportId: id }, { trx });
  return { id };
}

/**
 * Export requests and the caller's download records. Records belong to their requester only:
 * another user's id answers code 2 like an unknown one.
 */
export class ExportsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'jobs' | 'files'>) {}

  /** Stores the request and queues its build in one transaction. */
  async create(auth: AuthContext, body: ExportRequestBody, locale: Locale) {
    return retryingTransaction(this.deps.db, (trx) =>
      queueExport(trx, this.deps.jobs, auth, body, locale),
    );
  }

  async record(auth: AuthContext, id: number): Promise<ExportRow> {
    const row = await this.deps.db
      .selectFrom('exports')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'export not found');
    return row;
  }

  async list(auth: AuthContext, query: DownloadsQuery) {
    const own = this.deps.db.selectFrom('exports').where('user_id', '=', auth.userId);
    return fetchPage(
      own.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      own.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** The stored file of a ready export. */
  async file(auth: AuthContext, id: number) {
    const row = await this.record(auth, id);
    if (row.status !== 'ready' || !row.object_key) {
      throw new AppError(ErrorCode.noPermission, 'export not ready');
    }
    return { fileName: row.file_name, body: this.deps.files.read(row.object_key) };
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const row = await this.record(auth, id);
    await this.deps.db.deleteFrom('exports').where('id', '=', row.id).execute();
    if (row.object_key) await this.deps.files.remove(row.object_key);
  }
}
