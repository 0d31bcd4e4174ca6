import {
  type DataloggerRecord,
  type DataloggerUpload,
  dataloggerMessage,
  recordsOf,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { sendAlarmMails } from '../events/alarm-mails.js';
import { EventLevels } from '../events/event-levels.js';
import { DataloggerDirectory, type KnownDatalogger } from './datalogger-directory.js';
import { ingestionCounters, type RejectReason } from './ingestion-stats.js';
import { SamplePartitions } from './sample-partitions.js';
import { storeRecords } from './store-records.js';

/** Clocks drift; a record further in the future than this is refused. */
const MAX_FUTURE_MS = 10 * 60_000;

export type IngestOutcome =
  | { kind: 'stored'; sn: string; ts: string[] }
  | { kind: 'rejected'; reason: RejectReason }
  | { kind: 'unknownDatalogger' };

type IngestDeps = Pick<AppDeps, 'db' | 'logger' | 'mailer'>;

/**
 * Turns datalogger messages into committed rows: validates, authenticates, stores in one
 * transaction, and only then reports the committed `ts` values (for the ack) and mails alarms.
 * Database failures propagate so the transport can retry; bad input never does.
 */
export class IngestionService {
  readonly directory: DataloggerDirectory;
  private readonly partitions: SamplePartitions;
  private readonly levels: EventLevels;

  constructor(private readonly deps: IngestDeps) {
    this.directory = new DataloggerDirectory(deps.db);
    this.partitions = new SamplePartitions(deps.db, deps.logger);
    this.levels = new EventLevels(deps.db);
  }

  async prepare(): Promise<void> {
    await this.partitions.prepareAhead();
  }

  /** An MQTT message from `dl/{sn}/data`; `requireKey` when the broker did not authenticate it. */
  async ingestMessage(sn: string, payload: Buffer, requireKey: boolean): Promise<IngestOutcome> {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.rejected('json');
    }
    const parsed = dataloggerMessage.safeParse(json);
    if (!parsed.success) return this.rejected('schema');
    const datalogger = requireKey
      ? await this.directory.authenticate(sn, parsed.data.key)
      : await this.directory.find(sn);
    if (!datalogger) {
      ingestionCounters.unknownDatalogger += 1;
      return { kind: 'unknownDatalogger' };
    }
    return this.ingestRecords(datalogger, recordsOf(parsed.data));
  }

  /** An HTTP upload, already validated and authenticated by the route. */
  async ingestUpload(
    datalogger: KnownDatalogger,
    upload: DataloggerUpload,
  ): Promise<IngestOutcome> {
    ingestionCounters.received += 1;
    return this.ingestRecords(datalogger, recordsOf(upload));
  }

  async ingestRecords(
    datalogger: KnownDatalogger,
    records: readonly DataloggerRecord[],
  ): Promise<IngestOutcome> {
    const latestAllowed = Date.now() + MAX_FUTURE_MS;
    const timely = records.filter((r) => Date.parse(r.ts) <= latestAllowed);
    if (timely.length < records.length)
      ingestionCounters.reject('future', records.length - timely.length);
    if (timely.length === 0) return { kind: 'rejected', reason: 'future' };
    await this.partitions.ensureFor(timely.map((r) => new Date(r.ts)));
    const levels = await this.levels.current();
    const result = await this.deps.db.transaction().execute((trx) =>
      storeRecords(
        trx,
        timely.map((record) => ({ datalogger, record })),
        levels,
      ),
    );
    ingestionCounters.batches += 1;
    ingestionCounters.stored += result.stored;
    ingestionCounters.duplicates += result.duplicates;
    for (const [reason, count] of result.rejectedReadings) ingestionCounters.reject(reason, count);
    if (result.raised.length > 0) await sendAlarmMails(this.deps, result.raised);
    return { kind: 'stored', sn: datalogger.sn, ts: timely.map((r) => r.ts) };
  }

  /**
   * `dl/{sn}/status`: `online` refreshes the datalogger's last online time; `offline` (its
   * last will, or a clean goodbye) marks its devices offline at once instead of after 15 minutes.
   */
  async recordPresence(sn: string, presence: string): Promise<void> {
    const datalogger = await this.directory.find(sn);
    if (!datalogger) return;
    if (presence === 'online') {
      await this.deps.db
        .updateTable('dataloggers')
        .set({ last_online_at: new Date() })
        .where('id', '=', datalogger.id)
        .execute();
    } else if (presence === 'offline') {
      await this.deps.db
        .updateTable('devices')
        .set({ status: 'offline' })
        .where('datalogger_id', '=', datalogger.id)
        .execute();
    }
  }

  private rejected(reason: RejectReason): IngestOutcome {
    ingestionCounters.reject(reason);
    return { kind: 'rejected', reason };
  }
}
