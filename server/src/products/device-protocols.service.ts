import {
  type AuditAction,
  type createDeviceProtocol,
  ErrorCode,
  type listDeviceProtocols,
  type ParsedBody,
  type ParsedQuery,
  type updateDeviceProtocol,
} from '@solar/contract';
import type { Updateable } from 'kysely';
import type { AuditActor } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { Database, Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { auditedWrite } from './audited-write.js';

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

  create(actor: AuditActor, input: NewDeviceProtocol): Promise<DeviceProtocolRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx.insertInto('device_protocols').values(input).returningAll().executeTakeFirst(),
      audit: (row) => ({
        action: 'protocol.created',
        target: describe(row),
        detail: { transport: row.transport },
      }),
      notFound,
      taken: versionTaken,
    });
  }

  update(actor: AuditActor, id: number, change: DeviceProtocolChange): Promise<DeviceProtocolRow> {
    return this.change(actor, id, { set: change, action: 'protocol.updated', detail: change });
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<DeviceProtocolRow> {
    return this.change(actor, id, {
      set: { is_enabled: enabled },
      action: enabled ? 'protocol.enabled' : 'protocol.disabled',
    });
  }

  private change(
    actor: AuditActor,
    id: number,
    change: { set: Updateable<Database['device_protocols']>; action: AuditAction; detail?: object },
  ): Promise<DeviceProtocolRow> {
    return auditedWrite(this.db, actor, {
      write: (trx) =>
        trx
          .updateTable('device_protocols')
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
