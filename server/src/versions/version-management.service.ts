import {
  ErrorCode,
  type ParsedBody,
  type publishVersion,
  type updateVersionNotes,
} from '@solar/contract';
import type { AuditActor } from '../audit/audit.service.js';
import { auditedWrite } from '../audit/audited-write.js';
import type { Db } from '../db/database.js';
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

  publish(actor: AuditActor, input: NewVersion): Promise<VersionRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .insertInto('versions')
          .values({
            version: input.version,
            notes: JSON.stringify(input.notes),
            ...(input.releasedAt ? { released_at: new Date(input.releasedAt) } : {}),
          })
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({ action: 'version.published', target: describe(row) }),
      notFound,
      taken: nameTaken,
    });
  }

  updateNotes(actor: AuditActor, id: number, change: VersionNotesChange): Promise<VersionRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .updateTable('versions')
          .set({ notes: JSON.stringify(change.notes) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({ action: 'version.updated', target: describe(row) }),
      notFound,
    });
  }

  async remove(actor: AuditActor, id: number): Promise<void> {
    await auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .deleteFrom('versions')
          .where('id', '=', id)
          .returning(['id', 'version'])
          .executeTakeFirst(),
      audit: (row) => ({ action: 'version.deleted', target: describe(row) }),
      notFound,
    });
  }
}
