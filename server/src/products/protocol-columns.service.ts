import { type createProtocolColumn, ErrorCode, type ParsedBody } from '@solar/contract';
import type { AuditActor } from '../audit/audit.service.js';
import { auditedWrite } from '../audit/audited-write.js';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type ProtocolColumnRow = Row<'device_protocol_columns'>;
export type ProtocolColumnInput = ParsedBody<typeof createProtocolColumn>;

const taken = () => new AppError(ErrorCode.codeExists, 'this column key exists in the protocol');
const protocolNotFound = () => new AppError(ErrorCode.noPermission, 'device protocol not found');
const columnNotFound = () => new AppError(ErrorCode.noPermission, 'protocol column not found');

function describe(protocolId: number, row: ProtocolColumnRow): string {
  return `device protocol ${protocolId} column ${row.key}`;
}

function storedFields(input: ProtocolColumnInput) {
  return {
    key: input.key,
    name: input.name,
    unit: input.unit,
    scale: input.scale,
    value_type: input.valueType,
    sort_order: input.sortOrder,
  };
}

/**
 * The columns of a device protocol: a key is unique within its protocol (5000 when taken), an
 * unknown protocol or column answers 2 like the other reference tables; each write is audited.
 */
export class ProtocolColumnsService {
  constructor(private readonly db: Db) {}

  private async assertProtocol(db: Db, protocolId: number): Promise<void> {
    const protocol = await db
      .selectFrom('device_protocols')
      .select('id')
      .where('id', '=', protocolId)
      .executeTakeFirst();
    if (!protocol) throw protocolNotFound();
  }

  async list(protocolId: number): Promise<ProtocolColumnRow[]> {
    await this.assertProtocol(this.db, protocolId);
    return this.db
      .selectFrom('device_protocol_columns')
      .selectAll()
      .where('protocol_id', '=', protocolId)
      .orderBy('sort_order')
      .orderBy('key')
      .execute();
  }

  create(actor: AuditActor, protocolId: number, input: ProtocolColumnInput) {
    return auditedWrite(this.db, actor, {
      write: async (trx) => {
        await this.assertProtocol(trx, protocolId);
        return trx
          .insertInto('device_protocol_columns')
          .values({ protocol_id: protocolId, ...storedFields(input) })
          .returningAll()
          .executeTakeFirst();
      },
      audit: (row) => ({
        action: 'protocolColumn.added',
        target: describe(protocolId, row),
        detail: { name: row.name, valueType: row.value_type },
      }),
      notFound: protocolNotFound,
      taken,
    });
  }

  update(actor: AuditActor, protocolId: number, columnId: number, input: ProtocolColumnInput) {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .updateTable('device_protocol_columns')
          .set(storedFields(input))
          .where('id', '=', columnId)
          .where('protocol_id', '=', protocolId)
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({
        action: 'protocolColumn.updated',
        target: describe(protocolId, row),
        detail: { ...input },
      }),
      notFound: columnNotFound,
      taken,
    });
  }

  async remove(actor: AuditActor, protocolId: number, columnId: number): Promise<void> {
    await auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .deleteFrom('device_protocol_columns')
          .where('id', '=', columnId)
          .where('protocol_id', '=', protocolId)
          .returningAll()
          .executeTakeFirst(),
      audit: (row) => ({
        action: 'protocolColumn.removed',
        target: describe(protocolId, row),
        detail: {},
      }),
      notFound: columnNotFound,
    });
  }
}
