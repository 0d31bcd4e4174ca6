import { type addHardwareRevision, ErrorCode, type ParsedBody } from '@solar/contract';
import type { AuditActor } from '../audit/audit.service.js';
import { auditedWrite } from '../audit/audited-write.js';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type HardwareRevisionRow = Row<'hardware_revisions'>;
export type NewHardwareRevision = ParsedBody<typeof addHardwareRevision>;

const taken = () =>
  new AppError(ErrorCode.codeExists, 'this hardwareId exists for the product model');
const productNotFound = () => new AppError(ErrorCode.noPermission, 'product model not found');
const revisionNotFound = () => new AppError(ErrorCode.noPermission, 'hardware revision not found');

/**
 * The hardware revisions of a product model: a hardwareId is unique within its model (5000 when
 * taken), an unknown model or revision answers 2 like the other reference tables.
 */
export class HardwareRevisionsService {
  constructor(private readonly db: Db) {}

  private async assertProduct(db: Db, productId: number): Promise<void> {
    const product = await db
      .selectFrom('product_models')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw productNotFound();
  }

  async list(productId: number): Promise<HardwareRevisionRow[]> {
    await this.assertProduct(this.db, productId);
    return this.db
      .selectFrom('hardware_revisions')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('hardware_id')
      .execute();
  }

  /** Answers 5000 when the model has a revision with this hardwareId. */
  async checkFree(productId: number, hardwareId: string): Promise<void> {
    await this.assertProduct(this.db, productId);
    const existing = await this.db
      .selectFrom('hardware_revisions')
      .select('id')
      .where('product_id', '=', productId)
      .where('hardware_id', '=', hardwareId)
      .executeTakeFirst();
    if (existing) throw taken();
  }

  add(actor: AuditActor, productId: number, input: NewHardwareRevision) {
    return auditedWrite(this.db, actor, {
      write: async (trx) => {
        await this.assertProduct(trx, productId);
        return trx
          .insertInto('hardware_revisions')
          .values({
            product_id: productId,
            hardware_id: input.hardwareId,
            description: input.description,
          })
          .returningAll()
          .executeTakeFirst();
      },
      audit: (row) => ({
        action: 'hardware.added',
        target: `product model ${productId} hardware ${row.hardware_id}`,
        detail: { description: row.description },
      }),
      notFound: productNotFound,
      taken,
    });
  }

  async remove(actor: AuditActor, productId: number, revisionId: number): Promise<void> {
    await auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .deleteFrom('hardware_revisions')
          .where('id', '=', revisionId)
          .where('product_id', '=', productId)
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({
        action: 'hardware.removed',
        target: `product model ${productId} hardware ${row.hardware_id}`,
        detail: {},
      }),
      notFound: revisionNotFound,
    });
  }
}
