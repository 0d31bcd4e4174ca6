import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { CommitterStoppedError, type GroupCommitOptions, GroupCommitter } from './group-commit.js';
import type { IncomingMessage, IngestionService, IngestOutcome } from './ingestion-service.js';
import { isTransientStorageError } from '../db/storage-errors.js';
import { ingestionCounters } from './ingestion-stats.js';

const MAX_RETRY_DELAY_MS = 30_000;

export const DEFAULT_GROUP_COMMIT: GroupCommitOptions = {
  maxBatch: 1000,
  lingerMs: 5,
  concurrency: 2,
  minConcurrentBatch: 200,
};

/**
 * The way every MQTT data message reaches storage: messages from all connections are grouped
 * into transactions (group commit), a datalogger's messages in their order. A transaction that
 * fails for a passing reason (the database unreachable, a deadlock) is tried again with growing
 * pauses. One that fails for any other reason is split in halves until the message storage
 * refuses stands alone: that one is set aside in the quarantine and answered as refused, and
 * the others commit. So no message can hold back the fleet's. `submit` resolves after the
 * commit, and rejects with `CommitterStoppedError` when the pipeline stops first (the message
 * must then not be acknowledged: the broker delivers it again).
 */
export class IngestionPipeline {
  private readonly committer: GroupCommitter<IncomingMessage, IngestOutcome>;
  private readonly stopping = new AbortController();

  constructor(
    private readonly service: IngestionService,
    private readonly logger: Logger,
    options: GroupCommitOptions = DEFAULT_GROUP_COMMIT,
  ) {
    this.committer = new GroupCommitter(
      (messages) => this.commit(messages),
      (message) => message.sn,
      options,
    );
  }

  submit(message: IncomingMessage): Promise<IngestOutcome> {
    ingestionCounters.received += 1;
    return this.committer.submit(message);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.committer.stop();
  }

  private async commit(messages: IncomingMessage[]): Promise<IngestOutcome[]> {
    try {
      return await this.untilNotTransient(() => this.service.ingestMessages(messages), messages);
    } catch (error) {
      if (error instanceof CommitterStoppedError) throw error;
      return this.isolate(messages, error);
    }
  }

  /** Halves a refused group, in order, until the refused message stands alone. */
  private async isolate(messages: IncomingMessage[], error: unknown): Promise<IngestOutcome[]> {
    if (messages.length === 1) {
      const [message] = messages as [IncomingMessage];
      this.logger.warn({ err: error, sn: message.sn }, 'datalogger message set aside');
      return [
        await this.untilNotTransient(
          () => this.service.setAside(message.sn, message.payload, 'mqtt', error),
          messages,
        ),
      ];
    }
    const half = Math.ceil(messages.length / 2);
    const first = await this.commit(messages.slice(0, half));
    return [...first, ...(await this.commit(messages.slice(half)))];
  }

  /** Runs `work` again after growing pauses while it fails for a passing reason. */
  private async untilNotTransient<R>(work: () => Promise<R>, messages: IncomingMessage[]) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        ingestionCounters.lastError = String(error);
        if (!isTransientStorageError(error)) throw error;
        this.logger.error(
          { err: error, messages: messages.length, sn: messages[0]?.sn, attempt },
          'storing datalogger messages failed; retrying',
        );
      }
      await sleep(Math.min(500 * 2 ** attempt, MAX_RETRY_DELAY_MS), undefined, {
        signal: this.stopping.signal,
      }).catch(() => undefined);
      if (this.stopping.signal.aborted) throw new CommitterStoppedError();
    }
  }
}
