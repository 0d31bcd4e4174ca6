import { type AuditAction, ErrorCode } from '@solar/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { AuditActor } from './audit.service.js';
import { auditedWrite } from './audited-write.js';

/** The tables of reference data the platform administrator adds, edits, enables and disables. */
export type ReferenceTableName = 'device_protocols' | 'product_models' | 'dictionary_entries';

type SubjectOf<Action> = Action extends `${infer Subject}.enabled` ? Subject : never;

/** The subjects of the audit actions that name an enabling: `protocol`, `product`, … */
type ActionSubject = SubjectOf<AuditAction>;

/** What one reference table differs in, as data. */
export interface ReferenceTableSpec<T extends ReferenceTableName> {
  table: T;
  /** The first part of its audit actions: `protocol` gives `protocol.created` and so on. */
  subject: ActionSubject;
  /** The audit target, readable on its own. */
  describe: (row: Row<T>) => string;
  /** The columns that together are unique. */
  uniqueKey: readonly (keyof Row<T> & string)[];
  takenMessage: string;
  notFoundMessage: string;
}

type AnyChange = Updateable<Database[ReferenceTableName]>;

/**
 * The writes every reference table shares: each in one transaction with its audit entry, a
 * taken unique key answering 5000 and an unknown id answering 2.
 */
export class AuditedReferenceTable<T extends ReferenceTableName> {
  constructor(
    private readonly db: Db,
    private readonly spec: ReferenceTableSpec<T>,
  ) {}

  /** Answers 5000 when a row holds these values of the unique key. */
  async assertFree(key: Partial<Row<T>>): Promise<void> {
    const taken = await this.db
      .selectFrom(this.spec.table as ReferenceTableName)
      .select('id')
      .where((eb) =>
        eb.and(this.spec.uniqueKey.map((column) => eb(sql.ref(column), '=', key[column]))),
      )
      .executeTakeFirst();
    if (taken) throw this.taken();
  }

  create(actor: AuditActor, values: Insertable<Database[T]>, detail: object): Promise<Row<T>> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .insertInto(this.spec.table as ReferenceTableName)
          .values(values as Insertable<Database[ReferenceTableName]>)
          .returningAll()
          .executeTakeFirst() as Promise<Row<T> | undefined>,
      audit: (row) => this.record(row, 'created', detail),
      notFound: () => this.notFound(),
      taken: () => this.taken(),
    });
  }

  update(
    actor: AuditActor,
    id: number,
    set: Updateable<Database[T]>,
    detail: object,
  ): Promise<Row<T>> {
    return this.change(actor, id, set as AnyChange, 'updated', detail);
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<Row<T>> {
    return this.change(actor, id, { is_enabled: enabled }, enabled ? 'enabled' : 'disabled', {});
  }

  private change(
    actor: AuditActor,
    id: number,
    set: AnyChange,
    verb: 'updated' | 'enabled' | 'disabled',
    detail: object,
  ): Promise<Row<T>> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .updateTable(this.spec.table as ReferenceTableName)
          .set({ ...set, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst() as Promise<Row<T> | undefined>,
      audit: (row) => this.record(row, verb, detail),
      notFound: () => this.notFound(),
    });
  }

  private record(
    row: Row<T>,
    verb: 'created' | 'updated' | 'enabled' | 'disabled',
    detail: object,
  ) {
    const action = `${this.spec.subject}.${verb}` as AuditAction;
    return { action, target: this.spec.describe(row), detail: { ...detail } };
  }

  private taken(): AppError {
    return new AppError(ErrorCode.codeExists, this.spec.takenMessage);
  }

  private notFound(): AppError {
    return new AppError(ErrorCode.noPermission, this.spec.notFoundMessage);
  }
}
