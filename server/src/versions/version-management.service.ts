import {
  ErrorCode,
  type ParsedBody,
  type publishVersion,
  type updateVersionNotes,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import type { VersionRow } from './versions.tables.js';

export type NewVersion = ParsedBody<typeof publishVersion>;
export type VersionNotesChange = ParsedBody<typeof updateVersionNotes>;

function describe(row: Pick<VersionRow, 'id' | 'version'>): string {
  return `version ${row.id} ${row.version}`;
}

function nameTaken(): AppError {
  return new AppError(ErrorCode.codeExists, 'this version is published already');
}

function notFound(): AppError {
  return new AppError(ErrorCode.noPermission, 'version not found');
}

/** Publishing, editing and deleting portal versions, each with its audit entry. */
export class VersionManagementService {
  constructor(private readonly db: Db) {}

  /** Answers 5000 when the version is published already. */
  async checkName(version: string): Promise<void> {
    const taken = await this.db
      .selectFrom('versions')
      .select('id')
      .where('version', '=', version)
      .executeTakeFirst();
    if (taken) throw nameTaken();
  }

  async publish(actor: AuditActor, input: NewVersion): Promise<VersionRow> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('versions')
          .values({
            version: input.version,
            notes: JSON.stringify(input.notes),
            ...(input.releasedAt ? { released_at: new Date(input.releasedAt) } : {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: 'version.published', target: describe(row) });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async updateNotes(actor: AuditActor, id: number, change: VersionNotesChange) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('versions')
        .set({ notes: JSON.stringify(change.notes) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      await recordAudit(trx, actor, { action: 'version.updated', target: describe(row) });
      return row;
    });
  }

  async remove(actor: AuditActor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('versions')
        .where('id', '=', id)
        .returning(['id', 'version'])
        .executeTakeFirst();
      if (!row) throw notFound();
      await recordAudit(trx, actor, { action: 'version.deleted', target: describe(row) });
    });
  }
}
