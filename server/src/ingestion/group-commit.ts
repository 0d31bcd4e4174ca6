export interface GroupCommitOptions {
  /** The most messages one transaction takes. */
  maxBatch: number;
  /** How long the first message of a batch waits for company before the batch is committed. */
  lingerMs: number;
  /**
   * How many transactions run at once. While one batch waits on the database the next is
   * prepared and sent, so PostgreSQL and this process work side by side.
   */
  concurrency: number;
  /**
   * The fewest messages a transaction started beside a running one takes. Under light load the
   * messages wait for the running transaction and share the next, instead of paying for many
   * small transactions; only a backlog opens the other slots.
   */
  minConcurrentBatch: number;
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
 * Group commit: messages that arrive while transactions run (or within `lingerMs` of the first)
 * share the next transaction, and up to `concurrency` transactions run at once. Messages of one
 * key (a datalogger) never sit in two running transactions: a message whose key is being
 * committed waits for that transaction, so each key's messages are stored in arrival order.
 * `commitBatch` returns one result per item; when it throws, the caller's retry policy decides
 * whether to try again.
 */
export class GroupCommitter<T, R> {
  private queue: Waiting<T, R>[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly keysInFlight = new Map<string, number>();
  private isStopped = false;
  private lingerTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly commitBatch: (items: T[]) => Promise<R[]>,
    private readonly keyOf: (item: T) => string,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: T): Promise<R> {
    if (this.isStopped) return Promise.reject(new CommitterStoppedError());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Stops taking messages, waits for the running transactions, rejects what still waits. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    await Promise.all(this.running);
    for (const waiting of this.queue.splice(0)) waiting.reject(new CommitterStoppedError());
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  private get hasFreeSlot(): boolean {
    return this.running.size < this.options.concurrency;
  }

  private schedule(): void {
    if (!this.hasFreeSlot || this.isStopped) return;
    if (this.running.size > 0 && this.queue.length < this.options.minConcurrentBatch) return;
    if (this.queue.length >= this.options.maxBatch) {
      this.runNext();
      return;
    }
    this.lingerTimer ??= setTimeout(() => this.runNext(), this.options.lingerMs);
  }

  private runNext(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (!this.hasFreeSlot || this.isStopped) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    const keys = batch.map((waiting) => this.keyOf(waiting.item));
    for (const key of keys) this.keysInFlight.set(key, (this.keysInFlight.get(key) ?? 0) + 1);
    const committed = this.commit(batch).finally(() => {
      this.running.delete(committed);
      for (const key of keys) this.release(key);
      // What arrived meanwhile has waited a whole transaction already: no extra linger.
      if (this.queue.length > 0) this.runNext();
    });
    this.running.add(committed);
    // A second slot takes what the first left (more than a batch, or keys now free).
    if (this.queue.length > 0) this.schedule();
  }

  /** The first `maxBatch` waiting messages whose keys no running transaction holds. */
  private takeBatch(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const left: Waiting<T, R>[] = [];
    for (const waiting of this.queue) {
      if (batch.length < this.options.maxBatch && !this.keysInFlight.has(this.keyOf(waiting.item)))
        batch.push(waiting);
      else left.push(waiting);
    }
    this.queue = left;
    return batch;
  }

  private release(key: string): void {
    const count = this.keysInFlight.get(key)! - 1;
    if (count === 0) this.keysInFlight.delete(key);
    else this.keysInFlight.set(key, count);
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
