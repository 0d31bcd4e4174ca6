import {
  type createProductModel,
  ErrorCode,
  type listProductModels,
  type ParsedBody,
  type ParsedQuery,
  type ProductKind,
  type updateProductModel,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { AuditedReferenceTable } from '../audit/audited-reference-table.js';
import type { Db } from '../db/database.js';
import { fetchKeywordPage } from '../db/listing.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { type ObjectStore, readIfStored } from '../storage/object-store.js';
import type { UploadedFile } from '../uploads/picture-upload.js';
import { replaceStoredPicture } from '../uploads/stored-picture.js';

export type ProductModelRow = Row<'product_models'>;
export type ProductModelsQuery = ParsedQuery<typeof listProductModels>;
export type NewProductModel = ParsedBody<typeof createProductModel>;
export type ProductModelChange = ParsedBody<typeof updateProductModel>;

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

function describe(row: ProductModelRow): string {
  return `product model ${row.id} ${row.kind}/${row.model_code}`;
}

function notFound(): AppError {
  return new AppError(ErrorCode.noPermission, 'product model not found');
}

/** The product catalogue as the platform administrator keeps it, each model with its picture. */
export class ProductModelsService {
  private readonly models: AuditedReferenceTable<'product_models'>;

  constructor(
    private readonly db: Db,
    private readonly files: ObjectStore,
  ) {
    this.models = new AuditedReferenceTable(db, {
      table: 'product_models',
      subject: 'product',
      describe,
      uniqueKey: ['kind', 'model_code'],
      takenMessage: 'this model code exists for the product kind',
      notFoundMessage: 'product model not found',
    });
  }

  list(query: ProductModelsQuery) {
    let base = this.db.selectFrom('product_models');
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.enabled !== undefined) base = base.where('is_enabled', '=', query.enabled);
    return fetchKeywordPage(base, query, ['model_code', 'name', 'vendor'], (matching) =>
      matching.selectAll().orderBy('kind').orderBy('model_code'),
    );
  }

  /** Answers 5000 when the model code exists for the kind. */
  checkCode(kind: ProductKind, modelCode: string): Promise<void> {
    return this.models.assertFree({ kind, model_code: modelCode });
  }

  create(actor: AuditActor, input: NewProductModel): Promise<ProductModelRow> {
    const values = {
      kind: input.kind,
      model_code: input.modelCode,
      name: input.name,
      vendor: input.vendor,
      rated_power_w: input.ratedPowerW,
      hardware_part_number: input.hardwarePartNumber,
      phases: input.phases,
      mppt_count: input.mpptCount,
    };
    return this.models.create(actor, values, { name: input.name });
  }

  update(actor: AuditActor, id: number, change: ProductModelChange): Promise<ProductModelRow> {
    const set = {
      name: change.name,
      vendor: change.vendor,
      rated_power_w: change.ratedPowerW,
      hardware_part_number: change.hardwarePartNumber,
      phases: change.phases,
      mppt_count: change.mpptCount,
    };
    return this.models.update(actor, id, set, change);
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<ProductModelRow> {
    return this.models.setEnabled(actor, id, enabled);
  }

  /** Stores the new picture, points the model at it, then removes the one it replaced. */
  replaceImage(actor: AuditActor, id: number, file: UploadedFile): Promise<ProductModelRow> {
    return replaceStoredPicture(
      { db: this.db, files: this.files },
      `products/${id}`,
      file,
      async (trx, key) => {
        const before = await trx
          .selectFrom('product_models')
          .select('image_key')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound();
        const row = await trx
          .updateTable('product_models')
          .set({ image_key: key, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: 'product.imageChanged', target: describe(row) });
        return { row, previousKey: before.image_key };
      },
    );
  }

  async image(id: number) {
    const row = await this.db
      .selectFrom('product_models')
      .select(['model_code', 'image_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    const key = row?.image_key;
    const body = key ? await readIfStored(this.files, key) : null;
    if (!row || !key || !body) throw notFound();
    const extension = key.split('.').pop() ?? 'png';
    return {
      fileName: `${row.model_code}.${extension}`,
      contentType: IMAGE_TYPES[extension],
      body,
    };
  }
}
