import {
  type AuditAction,
  type createProductModel,
  ErrorCode,
  type listProductModels,
  type ParsedBody,
  type ParsedQuery,
  type ProductKind,
  type updateProductModel,
} from '@solar/contract';
import type { Updateable } from 'kysely';
import type { AuditActor } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { Database, Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { auditedWrite } from './audited-write.js';

export type ProductModelRow = Row<'product_models'>;
export type ProductModelsQuery = ParsedQuery<typeof listProductModels>;
export type NewProductModel = ParsedBody<typeof createProductModel>;
export type ProductModelChange = ParsedBody<typeof updateProductModel>;

function describe(row: Pick<ProductModelRow, 'id' | 'kind' | 'model_code'>): string {
  return `product model ${row.id} ${row.kind}/${row.model_code}`;
}

function codeTaken(): AppError {
  return new AppError(ErrorCode.codeExists, 'this model code exists for the product kind');
}

function notFound(): AppError {
  return new AppError(ErrorCode.noPermission, 'product model not found');
}

/** The product catalogue as the platform administrator keeps it. */
export class ProductModelsService {
  constructor(private readonly db: Db) {}

  async list(query: ProductModelsQuery) {
    let base = this.db.selectFrom('product_models');
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.enabled !== undefined) base = base.where('is_enabled', '=', query.enabled);
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or([
          eb('model_code', 'ilike', pattern),
          eb('name', 'ilike', pattern),
          eb('vendor', 'ilike', pattern),
        ]),
      );
    }
    return fetchPage(
      base.selectAll().orderBy('kind').orderBy('model_code'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** Answers 5000 when the model code exists for the kind. */
  async checkCode(kind: ProductKind, modelCode: string): Promise<void> {
    const taken = await this.db
      .selectFrom('product_models')
      .select('id')
      .where('kind', '=', kind)
      .where('model_code', '=', modelCode)
      .executeTakeFirst();
    if (taken) throw codeTaken();
  }

  create(actor: AuditActor, input: NewProductModel): Promise<ProductModelRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .insertInto('product_models')
          .values({
            kind: input.kind,
            model_code: input.modelCode,
            name: input.name,
            vendor: input.vendor,
            rated_power_w: input.ratedPowerW,
            hardware_part_number: input.hardwarePartNumber,
          })
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({
        action: 'product.created',
        target: describe(row),
        detail: { name: row.name },
      }),
      notFound,
      taken: codeTaken,
    });
  }

  update(actor: AuditActor, id: number, change: ProductModelChange): Promise<ProductModelRow> {
    return this.change(actor, id, {
      set: {
        name: change.name,
        vendor: change.vendor,
        rated_power_w: change.ratedPowerW,
        hardware_part_number: change.hardwarePartNumber,
      },
      action: 'product.updated',
      detail: { ...change },
    });
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<ProductModelRow> {
    return this.change(actor, id, {
      set: { is_enabled: enabled },
      action: enabled ? 'product.enabled' : 'product.disabled',
    });
  }

  private change(
    actor: AuditActor,
    id: number,
    change: { set: Updateable<Database['product_models']>; action: AuditAction; detail?: object },
  ): Promise<ProductModelRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .updateTable('product_models')
          .set({ ...change.set, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({
        action: change.action,
        target: describe(row),
        detail: { ...change.detail },
      }),
      notFound,
    });
  }
}
