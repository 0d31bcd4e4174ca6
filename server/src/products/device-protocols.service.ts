import {
  type createDeviceProtocol,
  type listDeviceProtocols,
  type ParsedBody,
  type ParsedQuery,
  type updateDeviceProtocol,
} from '@solar/contract';
import type { AuditActor } from '../audit/audit.service.js';
import { AuditedReferenceTable } from '../audit/audited-reference-table.js';
import type { Db } from '../db/database.js';
import { fetchKeywordPage } from '../db/listing.js';
import type { Row } from '../db/schema.js';

export type DeviceProtocolRow = Row<'device_protocols'>;
export type DeviceProtocolsQuery = ParsedQuery<typeof listDeviceProtocols>;
export type NewDeviceProtocol = ParsedBody<typeof createDeviceProtocol>;
export type DeviceProtocolChange = ParsedBody<typeof updateDeviceProtocol>;

/** The device protocols as the platform administrator keeps them. */
export class DeviceProtocolsService {
  private readonly protocols: AuditedReferenceTable<'device_protocols'>;

  constructor(private readonly db: Db) {
    this.protocols = new AuditedReferenceTable(db, {
      table: 'device_protocols',
      subject: 'protocol',
      describe: (row) => `device protocol ${row.id} ${row.name} ${row.version}`,
      uniqueKey: ['name', 'version'],
      takenMessage: 'this protocol version exists already',
      notFoundMessage: 'device protocol not found',
    });
  }

  list(query: DeviceProtocolsQuery) {
    let base = this.db.selectFrom('device_protocols');
    if (query.transport) base = base.where('transport', '=', query.transport);
    if (query.enabled !== undefined) base = base.where('is_enabled', '=', query.enabled);
    return fetchKeywordPage(base, query, ['name', 'description'], (matching) =>
      matching.selectAll().orderBy('name').orderBy('version'),
    );
  }

  /** Answers 5000 when the name and version exist. */
  check(name: string, version: string): Promise<void> {
    return this.protocols.assertFree({ name, version });
  }

  create(actor: AuditActor, input: NewDeviceProtocol): Promise<DeviceProtocolRow> {
    return this.protocols.create(actor, input, { transport: input.transport });
  }

  update(actor: AuditActor, id: number, change: DeviceProtocolChange): Promise<DeviceProtocolRow> {
    return this.protocols.update(actor, id, change, change);
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<DeviceProtocolRow> {
    return this.protocols.setEnabled(actor, id, enabled);
  }
}
