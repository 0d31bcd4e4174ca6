import type { IngestionStats, RefusalReason } from '@solar/contract';

export type RejectReason = 'json' | 'schema' | 'topic' | 'future' | 'credentials' | RefusalReason;

/** Process-wide counters behind GET /api/v1/ingestion/stats. */
class IngestionCounters {
  received = 0;
  stored = 0;
  duplicates = 0;
  unknownDatalogger = 0;
  batches = 0;
  lastError: string | null = null;
  readonly startedAt = new Date();
  private readonly rejectedByReason = new Map<RejectReason, number>();

  reject(reason: RejectReason, count = 1): void {
    this.rejectedByReason.set(reason, (this.rejectedByReason.get(reason) ?? 0) + count);
  }

  snapshot(): IngestionStats {
    const rejectedByReason = Object.fromEntries(this.rejectedByReason);
    return {
      received: this.received,
      stored: this.stored,
      duplicates: this.duplicates,
      rejected: Object.values(rejectedByReason).reduce((sum, n) => sum + n, 0),
      rejectedByReason,
      unknownDatalogger: this.unknownDatalogger,
      batches: this.batches,
      lastError: this.lastError,
      startedAt: this.startedAt.toISOString(),
    };
  }
}

export const ingestionCounters = new IngestionCounters();
