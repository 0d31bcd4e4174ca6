import {
  ErrorCode,
  type listNotices,
  NoticeStatus,
  type NoticeStatusValue,
  type noticeDraft,
  type ParsedQuery,
} from '@solar/contract';
import type { z } from 'zod';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import type { NoticeRow } from './notices.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type NoticeDraftInput = z.output<typeof noticeDraft>;
export type NoticeListQuery = ParsedQuery<typeof listNotices>;

const describe = (row: Pick<NoticeRow, 'id' | 'en_desc'>) =>
  `notice ${row.id} "${row.en_desc.slice(0, 60)}"`;

function columnsOf(draft: NoticeDraftInput) {
  return {
    type: draft.type,
    scope: draft.scope,
    start_time: new Date(draft.startTime),
    end_time: new Date(draft.endTime),
    effective_time: new Date(draft.effectiveTime),
    zh_desc: draft.zhDesc,
    en_desc: draft.enDesc,
    zh_duration: draft.zhDuration,
    en_duration: draft.enDuration,
    suggests: JSON.stringify(draft.suggests),
  };
}

/**
 * The write side of notices: drafts are created unpublished, edited until they are invalid,
 * published once, and set invalid for good. Publishing and invalidating are audited.
 */
export class NoticeManagementService {
  constructor(private readonly db: Db) {}

  async list(query: NoticeListQuery): Promise<{ rows: NoticeRow[]; total: number }> {
    let base = this.db.selectFrom('notices');
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    return fetchPage(
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async create(actor: AuditActor, draft: NoticeDraftInput): Promise<NoticeRow> {
    return retryingTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('notices')
        .values({ ...columnsOf(draft), status: NoticeStatus.unpublished })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: 'notice.created', target: describe(row) });
      return row;
    });
  }

  async update(actor: AuditActor, id: number, draft: NoticeDraftInput): Promise<NoticeRow> {
    return retryingTransaction(this.db, async (trx) => {
      await this.lockedInStatus(trx, id, [NoticeStatus.unpublished, NoticeStatus.publishing]);
      const row = await trx
        .updateTable('notices')
        .set({ ...columnsOf(draft), updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: 'notice.updated', target: describe(row) });
      return row;
    });
  }

  async publish(actor: AuditActor, id: number): Promise<NoticeRow> {
    return this.moveTo(actor, id, NoticeStatus.publishing, [NoticeStatus.unpublished]);
  }

  async invalidate(actor: AuditActor, id: number): Promise<NoticeRow> {
    return this.moveTo(actor, id, NoticeStatus.invalid, [
      NoticeStatus.unpublished,
      NoticeStatus.publishing,
    ]);
  }

  private async moveTo(
    actor: AuditActor,
    id: number,
    status: NoticeStatusValue,
    from: readonly NoticeStatusValue[],
  ): Promise<NoticeRow> {
    return retryingTransaction(this.db, async (trx) => {
      await this.lockedInStatus(trx, id, from);
      const row = await trx
        .updateTable('notices')
        .set({ status, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: status === NoticeStatus.publishing ? 'notice.published' : 'notice.invalidated',
        target: describe(row),
      });
      return row;
    });
  }

  /** The notice, locked for the change; code 2 when it is missing or its status forbids the move. */
  private async lockedInStatus(
    trx: Db,
    id: number,
    allowed: readonly NoticeStatusValue[],
  ): Promise<NoticeRow> {
    const row = await trx
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'No such notice');
    if (!(allowed as readonly number[]).includes(row.status)) {
      throw new AppError(ErrorCode.noPermission, 'The notice is not in a state that allows this');
    }
    return row;
  }
}
