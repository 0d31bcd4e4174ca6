import {
  type DataloggerRecord,
  type DataloggerUpload,
  dataloggerMessage,
  recordsOf,
  TOPICS,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { sendAlarmMails } from '../events/alarm-mails.js';
import { EventLevels } from '../events/event-levels.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import {
  authenticated,
  DataloggerDirectory,
  type KnownDatalogger,
} from '../broker/datalogger-directory.js';
import { ingestionCounters, type RejectReason } from './ingestion-stats.js';
import { SamplePartitions } from './sample-partitions.js';
import { type AcceptedRecord, storeRecords } from './store-records.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Clocks drift; a record further in the future than this is refused. */
const MAX_FUTURE_MS = 10 * 60_000;

export type IngestOutcome =
  | { kind: 'stored'; sn: string; ts: string[] }
  | { kind: 'rejected'; reason: RejectReason }
  | { kind: 'unknownDatalogger' };

/**
 * The application ack of a stored message (`dl/{sn}/ack`, sent at QoS 0): the records the datalogger may
 * drop from its buffer. Nothing for a message that was not stored.
 */
export function applicationAckOf(
  outcome: IngestOutcome,
): { topic: string; payload: string } | null {
  if (outcome.kind !== 'stored') return null;
  return { topic: TOPICS.ack(outcome.sn), payload: JSON.stringify({ ts: outcome.ts }) };
}

/** One MQTT message from `dl/{sn}/data`; `requireKey` when the broker did not authenticate it. */
export interface IncomingMessage {
  sn: string;
  payload: Buffer;
  requireKey: boolean;
}

type Checked =
  | { kind: 'accepted'; datalogger: KnownDatalogger; records: DataloggerRecord[] }
  | Exclude<IngestOutcome, { kind: 'stored' }>;

type IngestDeps = Pick<AppDeps, 'db' | 'logger' | 'mailer' | 'sms'> & RaisedEventsDeps;

/**
 * Turns datalogger messages into committed rows: validates, authenticates, stores in one
 * transaction, and only then reports the committed `ts` values (for the ack), mails alarms and
 * hands the raised events on (`RaisedEventsDeps`).
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

  /** A single MQTT message; see `ingestMessages`. */
  async ingestMessage(sn: string, payload: Buffer, requireKey: boolean): Promise<IngestOutcome> {
    const [outcome] = await this.ingestMessages([{ sn, payload, requireKey }]);
    return outcome!;
  }

  /**
   * Many messages in one transaction (group commit), one outcome per message in their order.
   * Bad messages are answered without touching the database; the good ones commit together or
   * not at all, so a failure leaves nothing half-written and the caller may retry them.
   */
  async ingestMessages(messages: readonly IncomingMessage[]): Promise<IngestOutcome[]> {
    const dataloggers = await this.directory.findMany(messages.map((m) => m.sn));
    const checked = messages.map((message) =>
      this.check(message, dataloggers.get(message.sn) ?? null),
    );

    const accepted = checked.flatMap((c) => (c.kind === 'accepted' ? [c] : []));
    if (accepted.length > 0)
      await this.store(
        accepted.flatMap((c) => c.records.map((record) => ({ datalogger: c.datalogger, record }))),
      );
    return checked.map((c) =>
      c.kind === 'accepted'
        ? { kind: 'stored', sn: c.datalogger.sn, ts: c.records.map((r) => r.ts) }
        : c,
    );
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
    const timely = this.timelyOf(records);
    if (timely.length === 0) return { kind: 'rejected', reason: 'future' };
    await this.store(timely.map((record) => ({ datalogger, record })));
    return { kind: 'stored', sn: datalogger.sn, ts: timely.map((r) => r.ts) };
  }

  private check(message: IncomingMessage, known: KnownDatalogger | null): Checked {
    let json: unknown;
    try {
      json = JSON.parse(message.payload.toString('utf8'));
    } catch {
      return this.rejected('json');
    }
    const parsed = dataloggerMessage.safeParse(json);
    if (!parsed.success) return this.rejected('schema');
    const datalogger = message.requireKey ? authenticated(known, parsed.data.key) : known;
    if (!datalogger) {
      ingestionCounters.unknownDatalogger += 1;
      return { kind: 'unknownDatalogger' };
    }
    const records = this.timelyOf(recordsOf(parsed.data));
    if (records.length === 0) return { kind: 'rejected', reason: 'future' };
    return { kind: 'accepted', datalogger, records };
  }

  private timelyOf(records: readonly DataloggerRecord[]): DataloggerRecord[] {
    const latestAllowed = Date.now() + MAX_FUTURE_MS;
    const timely = records.filter((r) => Date.parse(r.ts) <= latestAllowed);
    if (timely.length < records.length)
      ingestionCounters.reject('future', records.length - timely.length);
    return timely;
  }

  /** One transaction; alarm mails and the raised events' listeners only after it committed. */
  private async store(records: AcceptedRecord[]): Promise<void> {
    await this.partitions.ensureFor(records.map((r) => new Date(r.record.ts)));
    const levels = await this.levels.current();
    const result = await retryingTransaction(this.deps.db, (trx) =>
      storeRecords(trx, records, levels),
    );
    ingestionCounters.batches += 1;
    ingestionCounters.stored += result.stored;
    ingestionCounters.duplicates += result.duplicates;
    for (const [reason, count] of result.rejectedReadings) ingestionCounters.reject(reason, count);
    if (result.raised.length === 0) return;
    await sendAlarmMails(this.deps, result.raised);
    this.deps.raisedEvents.publish(result.raised);
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

  private rejected(reason: RejectReason): { kind: 'rejected'; reason: RejectReason } {
    ingestionCounters.reject(reason);
    return { kind: 'rejected', reason };
  }
}
