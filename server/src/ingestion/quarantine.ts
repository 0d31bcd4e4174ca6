import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';
import { sqlStateOf } from '../db/storage-errors.js';

export type IngestionTransport = Row<'ingestion_quarantine'>['transport'];

/** One datalogger's quarantine holds at most this many distinct messages; more are counted, not kept. */
export const MAX_QUARANTINED_PER_DATALOGGER = 100;
const MAX_REASON_LENGTH = 1000;
/** The payload's first bytes a list shows. */
const PREVIEW_BYTES = 500;

export interface MessageSetAside {
  sn: string;
  transport: IngestionTransport;
  payload: Buffer;
  error: unknown;
}

/** What the error says, short enough to list: the SQLSTATE first when the database refused. */
export function quarantineReasonOf(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const sqlState = sqlStateOf(error);
  return (sqlState ? `${sqlState} ${message}` : message).slice(0, MAX_REASON_LENGTH);
}

/** A listed row: the payload's size and first bytes instead of the payload. */
export type QuarantinedRow = Omit<Row<'ingestion_quarantine'>, 'payload' | 'payload_sha256'> & {
  payload_bytes: number;
  payload_head: Buffer;
};

/**
 * Messages that passed validation but that storage refused, set aside so they cannot hold back
 * the others (docs/device-protocol.md, 1.3). A message sent again is counted on its row.
 */
export class IngestionQuarantine {
  constructor(private readonly db: Db) {}

  async add({ sn, transport, payload, error }: MessageSetAside): Promise<void> {
    const sha256 = createHash('sha256').update(payload).digest();
    const reason = quarantineReasonOf(error);
    await sql`
      WITH counted AS (
        UPDATE ingestion_quarantine
        SET last_seen_at = now(), times_seen = times_seen + 1, reason = ${reason}
        WHERE datalogger_sn = ${sn} AND payload_sha256 = ${sha256}
        RETURNING id
      )
      INSERT INTO ingestion_quarantine (datalogger_sn, transport, payload, payload_sha256, reason)
      SELECT ${sn}, ${transport}, ${payload}, ${sha256}, ${reason}
      WHERE NOT EXISTS (SELECT 1 FROM counted)
        AND (SELECT count(*) FROM ingestion_quarantine WHERE datalogger_sn = ${sn})
          < ${MAX_QUARANTINED_PER_DATALOGGER}
      ON CONFLICT (datalogger_sn, payload_sha256) DO UPDATE
        SET last_seen_at = now(), times_seen = ingestion_quarantine.times_seen + 1
    `.execute(this.db);
  }

  async page(offset: number, limit: number): Promise<{ rows: QuarantinedRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('ingestion_quarantine')
        .select([
          'id',
          'datalogger_sn',
          'transport',
          'reason',
          'first_seen_at',
          'last_seen_at',
          'times_seen',
          sql<number>`octet_length(payload)`.as('payload_bytes'),
          sql<Buffer>`substring(payload from 1 for ${PREVIEW_BYTES})`.as('payload_head'),
        ])
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('ingestion_quarantine')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  }

  find(id: number) {
    return this.db
      .selectFrom('ingestion_quarantine')
      .select(['id', 'datalogger_sn', 'transport', 'payload'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async updateReason(id: number, reason: string): Promise<void> {
    await this.db
      .updateTable('ingestion_quarantine')
      .set({ reason })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('ingestion_quarantine')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
