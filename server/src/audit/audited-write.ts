import { type AuditActor, type AuditRecord, recordAudit } from './audit.service.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/listing.js';
import type { AppError } from '../errors/app-error.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

interface AuditedWrite<Row> {
  /** Inserts or changes the row; undefined when there is no such row. */
  write: (trx: Db) => Promise<Row | undefined>;
  audit: (row: Row) => AuditRecord;
  /** Answered when `write` finds no row. */
  notFound: () => AppError;
  /** Answered when the write breaks a unique key (a taken code). */
  taken?: () => AppError;
}

/** Writes one reference row and its audit entry in one transaction. */
export async function auditedWrite<Row>(
  db: Db,
  actor: AuditActor,
  change: AuditedWrite<Row>,
): Promise<Row> {
  try {
    return await retryingTransaction(db, async (trx) => {
      const row = await change.write(trx);
      if (!row) throw change.notFound();
      await recordAudit(trx, actor, change.audit(row));
      return row;
    });
  } catch (error) {
    if (change.taken && isUniqueViolation(error)) throw change.taken();
    throw error;
  }
}
