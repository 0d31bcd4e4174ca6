import { commandMessage } from './downlink.js';
import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';
import { dataloggerUpload, refusedRecord } from './payload.js';

export * from './payload.js';
export * from './status.js';

/** Headers carrying the datalogger's credentials on HTTP ingestion. */
export const DATALOGGER_SN_HEADER = 'x-datalogger-sn';
export const DATALOGGER_KEY_HEADER = 'x-datalogger-key';

export const ingestData = defineEndpoint({
  method: 'POST',
  path: '/ingest/v1/data',
  summary:
    'Datalogger upload over HTTP: one record or a batch, credentials in X-Datalogger-SN / X-Datalogger-Key',
  tag: 'ingestion',
  access: publicAccess,
  body: dataloggerUpload,
  data: z.object({
    ts: z.array(z.string()),
    /** Records or readings refused for good, as on `dl/{sn}/ack`. */
    refused: z.array(refusedRecord).optional(),
    /** Commands waiting for this datalogger (docs/device-protocol.md, HTTP-only dataloggers). */
    commands: z.array(commandMessage).optional(),
  }),
  tolerated: [ErrorCode.dataloggerCredentials],
});

export const ingestionStatsData = z.object({
  received: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  rejectedByReason: z.record(z.string(), z.number().int()),
  unknownDatalogger: z.number().int(),
  batches: z.number().int(),
  lastError: z.string().nullable(),
  startedAt: z.string(),
});
export type IngestionStats = z.infer<typeof ingestionStatsData>;

export const ingestionStats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ingestion/stats',
  summary: 'Counters of this server process: messages received, stored, duplicated, rejected',
  tag: 'ingestion',
  access: requires('system.management'),
  data: ingestionStatsData,
});

export const quarantinedMessage = z.object({
  id: z.number().int(),
  dataloggerSn: z.string(),
  transport: z.enum(['mqtt', 'http']),
  /** Why storage refused it (the database's SQLSTATE first when it was the database). */
  reason: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** How often the datalogger sent it (each time refused again without storing). */
  timesSeen: z.number().int(),
  payloadBytes: z.number().int(),
  /** The payload's first characters as UTF-8 text. */
  payloadPreview: z.string(),
});
export type QuarantinedMessage = z.infer<typeof quarantinedMessage>;

const quarantineParams = z.strictObject({ id: rules.id });

export const quarantinedMessages = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ingestion/quarantine',
  summary:
    'Datalogger messages storage refused, set aside so the others could commit; newest first',
  tag: 'ingestion',
  access: requires('sys.ingestion.quarantine'),
  query: z.strictObject({ ...rules.paging }),
  data: pageOf(quarantinedMessage),
});

export const reingestQuarantinedMessage = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ingestion/quarantine/:id/reingest',
  summary:
    'Ingests a set-aside message again (after a fix): stored, it leaves the quarantine; refused again, it stays with the new reason',
  tag: 'ingestion',
  access: requires('sys.ingestion.quarantine.edit'),
  params: quarantineParams,
  data: z.object({ stored: z.boolean(), reason: z.string().nullable() }),
  tolerated: [ErrorCode.quarantinedMessageNotFound],
});

export const deleteQuarantinedMessage = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ingestion/quarantine/:id/delete',
  summary: 'Discards a set-aside message',
  tag: 'ingestion',
  access: requires('sys.ingestion.quarantine.edit'),
  params: quarantineParams,
  data: z.null(),
  tolerated: [ErrorCode.quarantinedMessageNotFound],
});
