import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { CommitterStoppedError, type GroupCommitOptions, GroupCommitter } from './group-commit.js';
import type { IncomingMessage, IngestionService, IngestOutcome } from './ingestion-service.js';
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
 * into transactions (group commit), a datalogger's messages in their order. A transaction that fails is retried with growing pauses;
 * when a group failed, its messages are retried one by one in their order, so one message the
 * database refuses cannot hold back the others. `submit` resolves after the commit, and rejects
 * with `CommitterStoppedError` when the pipeline stops first (the message must then not be
 * acknowledged: the broker delivers it again).
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
      return await this.service.ingestMessages(messages);
    } catch (error) {
      this.reportFailure(error, messages, 0);
    }
    const outcomes: IngestOutcome[] = [];
    for (const message of messages) outcomes.push(...(await this.commitWithRetry([message])));
    return outcomes;
  }

  private async commitWithRetry(messages: IncomingMessage[]): Promise<IngestOutcome[]> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.stopping.signal.aborted) throw new CommitterStoppedError();
      try {
        return await this.service.ingestMessages(messages);
      } catch (error) {
        this.reportFailure(error, messages, attempt);
        await sleep(Math.min(500 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS), undefined, {
          signal: this.stopping.signal,
        }).catch(() => undefined);
      }
    }
  }

  private reportFailure(error: unknown, messages: IncomingMessage[], attempt: number): void {
    ingestionCounters.lastError = String(error);
    this.logger.error(
      { err: error, messages: messages.length, sn: messages[0]?.sn, attempt },
      'storing datalogger messages failed; retrying',
    );
  }
}
