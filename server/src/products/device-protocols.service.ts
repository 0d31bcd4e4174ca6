import {
  type createDeviceProtocol,
  ErrorCode,
  type listDeviceProtocols,
  type ParsedBody,
  type ParsedQuery,
  type updateDeviceProtocol,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, isUniqueViolation } from '../db/listing.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type DeviceProtocolRow = Row<'device_protocols'>;
export type DeviceProtocolsQuery = ParsedQuery<typeof listDeviceProtocols>;
export type NewDeviceProtocol = ParsedBody<typeof createDeviceProtocol>;
export type DeviceProtocolChange = ParsedBody<typeof updateDeviceProtocol>;

function describe(row: Pick<DeviceProtocolRow, 'id' | 'name' | 'version'>): string {
  return `device protocol ${row.id} ${row.name} ${row.version}`;
}

function versionTaken(): AppError {
  return new AppError(ErrorCode.codeExists, 'this protocol version exists already');
}

function notFound(): AppError {
  return new AppError(ErrorCode.noPermission, 'device protocol not found');
}

/** The device protocols as the platform administrator keeps them. */
export class DeviceProtocolsService {
  constructor(private readonly db: Db) {}

  async list(query: DeviceProtocolsQuery) {
    let base = this.db.selectFrom('device_protocols');
    if (query.transport) base = base.where('transport', '=', query.transport);
    if (query.enabled !== undefined) base = base.where('is_enabled', '=', query.enabled);
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]),
      );
    }
    return fetchPage(
      base.selectAll().orderBy('name').orderBy('version'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** Answers 5000 when the name and version exist. */
  async check(name: string, version: string): Promise<void> {
    const taken = await this.db
      .selectFrom('device_protocols')
      .select('id')
      .where('name', '=', name)
      .where('version', '=', version)
      .executeTakeFirst();
    if (taken) throw versionTaken();
  }

  async create(actor: AuditActor, input: NewDeviceProtocol): Promise<DeviceProtocolRow> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('device_protocols')
          .values(input)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'protocol.created',
          target: describe(row),
          detail: { transport: row.transport },
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw versionTaken();
      throw error;
    }
  }

  async update(actor: AuditActor, id: number, change: DeviceProtocolChange) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('device_protocols')
        .set({ ...change, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      await recordAudit(trx, actor, {
        action: 'protocol.updated',
        target: describe(row),
        detail: { ...change },
      });
      return row;
    });
  }

  async setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<DeviceProtocolRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('device_protocols')
        .set({ is_enabled: enabled, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      await recordAudit(trx, actor, {
        action: enabled ? 'protocol.enabled' : 'protocol.disabled',
        target: describe(row),
      });
      return row;
    });
  }
}
