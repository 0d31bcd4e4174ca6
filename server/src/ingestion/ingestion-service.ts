import {
  ErrorCode,
  type DataloggerAck,
  type DataloggerRecord,
  type DataloggerUpload,
  dataloggerMessage,
  type RefusedRecord,
  recordsOf,
  TOPICS,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/app-error.js';
import { sendAlarmMails } from '../events/alarm-mails.js';
import { pathOfNulCharacter } from '../http/nul-character.js';
import { EventLevels } from '../events/event-levels.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import {
  authenticated,
  DataloggerDirectory,
  type KnownDatalogger,
} from '../broker/datalogger-directory.js';
import { isTransientStorageError } from '../db/storage-errors.js';
import { ingestionCounters, type RejectReason } from './ingestion-stats.js';
import { IngestionQuarantine, type IngestionTransport, quarantineReasonOf } from './quarantine.js';
import { SamplePartitions } from './sample-partitions.js';
import { type AcceptedRecord, type RefusedReading, storeRecords } from './store-records.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Clocks drift; a record further in the future than this is refused. */
const MAX_FUTURE_MS = 10 * 60_000;

/**
 * `stored`: the records with a reading committed (`ts`) and the readings refused for good;
 * `quarantined`: storage refused the whole message, which was set aside (`quarantine.ts`).
 */
export type IngestOutcome =
  | { kind: 'stored'; sn: string; ts: string[]; refused: RefusedRecord[] }
  | { kind: 'quarantined'; sn: string; refused: RefusedRecord[] }
  | { kind: 'rejected'; reason: RejectReason }
  | { kind: 'unknownDatalogger' };

/** What the datalogger is told of a message it may forget: committed records and refused ones. */
export function ackBodyOf(
  outcome: Extract<IngestOutcome, { kind: 'stored' | 'quarantined' }>,
): DataloggerAck {
  if (outcome.kind === 'quarantined') return { ts: [], refused: outcome.refused };
  return outcome.refused.length > 0
    ? { ts: outcome.ts, refused: outcome.refused }
    : { ts: outcome.ts };
}

/**
 * The application ack of a stored or refused message (`dl/{sn}/ack`, sent at QoS 0): the
 * records the datalogger may drop from its buffer. Nothing for a message that was not valid.
 */
export function applicationAckOf(
  outcome: IngestOutcome,
): { topic: string; payload: string } | null {
  if (outcome.kind !== 'stored' && outcome.kind !== 'quarantined') return null;
  return { topic: TOPICS.ack(outcome.sn), payload: JSON.stringify(ackBodyOf(outcome)) };
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

type IngestDeps = Pick<AppDeps, 'db' | 'logger' | 'mailer' | 'sms' | 'push'> & RaisedEventsDeps;

/**
 * Turns datalogger messages into committed rows: validates, authenticates, stores in one
 * transaction, and only then reports the committed `ts` values (for the ack), mails alarms and
 * hands the raised events on (`RaisedEventsDeps`).
 * Database failures propagate so the transport can retry; bad input never does.
 */
export class IngestionService {
  readonly directory: DataloggerDirectory;
  readonly quarantine: IngestionQuarantine;
  private readonly partitions: SamplePartitions;
  private readonly levels: EventLevels;

  constructor(private readonly deps: IngestDeps) {
    this.directory = new DataloggerDirectory(deps.db);
    this.quarantine = new IngestionQuarantine(deps.db);
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
    const refused =
      accepted.length > 0
        ? await this.store(
            accepted.flatMap((c) =>
              c.records.map((record) => ({ datalogger: c.datalogger, record })),
            ),
          )
        : [];
    return checked.map((c) =>
      c.kind === 'accepted' ? storedOutcome(c.datalogger, c.records, refused) : c,
    );
  }

  /**
   * Sets a message aside that storage refused on its own (`IngestionPipeline`): its records are
   * answered as refused, so the datalogger stops sending them.
   */
  async setAside(
    sn: string,
    payload: Buffer,
    transport: IngestionTransport,
    error: unknown,
  ): Promise<IngestOutcome> {
    await this.quarantine.add({ sn, transport, payload, error });
    ingestionCounters.reject('quarantined');
    const refused = recordTimesOf(payload).map((ts) => ({ ts, reason: 'quarantined' as const }));
    return { kind: 'quarantined', sn, refused };
  }

  /**
   * A set-aside message ingested again, as its datalogger sent it (after a fix): stored, it
   * leaves the quarantine; refused again, it stays with the new reason.
   */
  async reingest(id: number): Promise<{ stored: boolean; reason: string | null }> {
    const row = await this.quarantine.find(id);
    if (!row) throw new AppError(ErrorCode.quarantinedMessageNotFound);
    let reason: string;
    try {
      const [outcome] = await this.ingestMessages([
        { sn: row.datalogger_sn, payload: row.payload, requireKey: false },
      ]);
      if (outcome!.kind === 'stored') {
        await this.quarantine.remove(id);
        return { stored: true, reason: null };
      }
      reason = outcome!.kind === 'rejected' ? `rejected: ${outcome!.reason}` : outcome!.kind;
    } catch (error) {
      if (isTransientStorageError(error)) throw error;
      reason = quarantineReasonOf(error);
    }
    await this.quarantine.updateReason(id, reason);
    return { stored: false, reason };
  }

  /** An HTTP upload, already validated and authenticated by the route. */
  async ingestUpload(
    datalogger: KnownDatalogger,
    upload: DataloggerUpload,
  ): Promise<IngestOutcome> {
    ingestionCounters.received += 1;
    try {
      return await this.ingestRecords(datalogger, recordsOf(upload));
    } catch (error) {
      if (isTransientStorageError(error)) throw error;
      this.deps.logger.warn({ err: error, sn: datalogger.sn }, 'datalogger upload set aside');
      return this.setAside(datalogger.sn, Buffer.from(JSON.stringify(upload)), 'http', error);
    }
  }

  async ingestRecords(
    datalogger: KnownDatalogger,
    records: readonly DataloggerRecord[],
  ): Promise<IngestOutcome> {
    const timely = this.timelyOf(records);
    if (timely.length === 0) return { kind: 'rejected', reason: 'future' };
    const refused = await this.store(timely.map((record) => ({ datalogger, record })));
    return storedOutcome(datalogger, timely, refused);
  }

  private check(message: IncomingMessage, known: KnownDatalogger | null): Checked {
    let json: unknown;
    try {
      json = JSON.parse(message.payload.toString('utf8'));
    } catch {
      return this.rejected('json');
    }
    const parsed = dataloggerMessage.safeParse(json);
    // As over HTTP (`refuseNulCharacters`): PostgreSQL cannot store a NUL character.
    if (!parsed.success || pathOfNulCharacter(parsed.data) !== null) return this.rejected('schema');
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

  /**
   * One transaction; alarm mails and the raised events' listeners only after it committed.
   * Answers the readings refused for good.
   */
  private async store(records: AcceptedRecord[]): Promise<RefusedReading[]> {
    await this.partitions.ensureFor(records.map((r) => new Date(r.record.ts)));
    const levels = await this.levels.current();
    const result = await retryingTransaction(this.deps.db, (trx) =>
      storeRecords(trx, records, levels),
    );
    ingestionCounters.batches += 1;
    ingestionCounters.stored += result.stored;
    ingestionCounters.duplicates += result.duplicates;
    for (const { reason } of result.refused) ingestionCounters.reject(reason);
    if (result.raised.length > 0) {
      await sendAlarmMails(this.deps, result.raised);
      this.deps.raisedEvents.publish(result.raised);
    }
    return result.refused;
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

/**
 * A message's outcome once stored: a record counts as committed when one of its readings was
 * taken; a record whose every reading was refused is answered as refused only.
 */
function storedOutcome(
  datalogger: KnownDatalogger,
  records: readonly DataloggerRecord[],
  refusedInBatch: readonly RefusedReading[],
): IngestOutcome {
  const refused = refusedInBatch.filter((r) => r.dataloggerId === datalogger.id);
  if (refused.length === 0)
    return { kind: 'stored', sn: datalogger.sn, ts: records.map((r) => r.ts), refused: [] };
  const ownTimes = new Set(records.map((r) => r.ts));
  const mine = refused.filter((r) => ownTimes.has(r.ts));
  const refusedCount = new Map<string, number>();
  for (const { ts } of mine) refusedCount.set(ts, (refusedCount.get(ts) ?? 0) + 1);
  return {
    kind: 'stored',
    sn: datalogger.sn,
    ts: records.filter((r) => refusedCount.get(r.ts) !== r.devices.length).map((r) => r.ts),
    refused: mine.map(({ ts, sn, reason }) => ({ ts, sn, reason })),
  };
}

/** The `ts` of every record in a message that passed validation before; none when it did not. */
function recordTimesOf(payload: Buffer): string[] {
  try {
    const parsed = dataloggerMessage.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? recordsOf(parsed.data).map((r) => r.ts) : [];
  } catch {
    return [];
  }
}
