import { commandMessage } from './downlink.js';
import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess, requires } from '../http/endpoint.js';
import { dataloggerUpload } from './payload.js';

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
