import { type downloadCenterFiles, ErrorCode, type ParsedQuery } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { readIfStored } from '../storage/object-store.js';
import type { StoredDownload } from './download-upload.js';

export type DownloadQuery = ParsedQuery<typeof downloadCenterFiles>;

/** The download centre's files: published by the platform administrator, read by anyone. */
export class DownloadCenterService {
  constructor(private readonly deps: AppDeps) {}

  async list(query: DownloadQuery) {
    const pattern = query.keyword ? containsPattern(query.keyword) : null;
    const filtered = this.deps.db
      .selectFrom('download_files')
      .$if(pattern !== null, (q) =>
        q.where((eb) =>
          eb.or([eb('title', 'ilike', pattern ?? ''), eb('file_name', 'ilike', pattern ?? '')]),
        ),
      )
      .$if(query.category !== undefined, (q) => q.where('category', '=', query.category ?? ''))
      .$if(query.language !== undefined, (q) => q.where('language', '=', query.language ?? ''));
    return fetchPage(
      filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      filtered.select((eb) => eb.fn.countAll<string>().as('total')),
      query,
    );
  }

  async publish(auth: AuthContext, upload: StoredDownload) {
    return this.deps.db
      .insertInto('download_files')
      .values({
        title: upload.fields.title,
        category: upload.fields.category,
        language: upload.fields.language,
        version: upload.fields.version || null,
        file_name: upload.fileName,
        object_key: upload.objectKey,
        size: upload.size,
        uploaded_by: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private async find(id: number) {
    const row = await this.deps.db
      .selectFrom('download_files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.downloadFileNotFound);
    return row;
  }

  async file(id: number) {
    const row = await this.find(id);
    const body = await readIfStored(this.deps.files, row.object_key);
    if (!body) throw new AppError(ErrorCode.downloadFileNotFound);
    return { fileName: row.file_name, body };
  }

  /** Removes the row first, so a failing disk never leaves a listed file without bytes. */
  async remove(id: number): Promise<void> {
    const row = await this.deps.db
      .deleteFrom('download_files')
      .where('id', '=', id)
      .returning('object_key')
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.downloadFileNotFound);
    await this.deps.files.remove(row.object_key);
  }
}
