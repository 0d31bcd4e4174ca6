export interface GroupCommitOptions {
  /** The most messages one transaction takes. */
  maxBatch: number;
  /** How long the first message of a batch waits for company before the batch is committed. */
  lingerMs: number;
}

/** Thrown to every waiting message when the committer stops before it committed them. */
export class CommitterStoppedError extends Error {
  constructor() {
    super('group commit stopped before the message was committed');
  }
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: messages that arrive while one transaction runs (or within `lingerMs` of the
 * first) share the next transaction. Batches commit one after another in arrival order, so a
 * device's messages are stored in the order they arrived. `commitBatch` returns one result per
 * item; when it throws, the caller's retry policy (`onFailure`) decides whether to try again.
 */
export class GroupCommitter<T, R> {
  private queue: Waiting<T, R>[] = [];
  private isRunning = false;
  private isStopped = false;
  private lingerTimer: NodeJS.Timeout | null = null;
  private drained: Promise<void> = Promise.resolve();

  constructor(
    private readonly commitBatch: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: T): Promise<R> {
    if (this.isStopped) return Promise.reject(new CommitterStoppedError());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Stops taking messages, waits for the running transaction, rejects what still waits. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    await this.drained;
    for (const waiting of this.queue.splice(0)) waiting.reject(new CommitterStoppedError());
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  private schedule(): void {
    if (this.isRunning || this.isStopped) return;
    if (this.queue.length >= this.options.maxBatch) {
      this.runNext();
      return;
    }
    this.lingerTimer ??= setTimeout(() => this.runNext(), this.options.lingerMs);
  }

  private runNext(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.isRunning || this.isStopped || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.isRunning = true;
    this.drained = this.commit(batch).finally(() => {
      this.isRunning = false;
      // What arrived meanwhile has waited a whole transaction already: no extra linger.
      if (this.queue.length > 0) this.runNext();
    });
  }

  private async commit(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.commitBatch(batch.map((w) => w.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
