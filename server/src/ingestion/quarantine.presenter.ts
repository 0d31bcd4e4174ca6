import type { QuarantinedMessage } from '@solar/contract';
import type { QuarantinedRow } from './quarantine.js';

export function presentQuarantinedMessage(row: QuarantinedRow): QuarantinedMessage {
  return {
    id: row.id,
    dataloggerSn: row.datalogger_sn,
    transport: row.transport,
    reason: row.reason,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    timesSeen: row.times_seen,
    payloadBytes: row.payload_bytes,
    // A cut through a character shows as U+FFFD.
    payloadPreview: row.payload_head.toString('utf8'),
  };
}
