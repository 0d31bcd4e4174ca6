import pg from 'pg';
import type { Logger } from 'pino';

export interface NotificationHandlers {
  /** A NOTIFY on the channel, with its payload ('' when it has none). */
  message(payload: string): void;
  /** The connection was lost: notifications may be missed until `up`. */
  down?(): void;
  /** Listening again after `down`: anything that happened meanwhile must be looked up. */
  up?(): void;
}

export type Unsubscribe = () => void;

/** The first wait before connecting again; it doubles per failure up to the maximum. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * The process's one PostgreSQL connection for LISTEN/NOTIFY. Domains subscribe to a channel
 * (`auth_changed`, `device_commands`, …). When the connection drops, every subscriber is told
 * (`down`); it connects again with back-off, listens on every channel again and tells them
 * (`up`). The connection opens with the first subscription.
 */
export class DatabaseNotifications {
  private readonly subscribers = new Map<string, Set<NotificationHandlers>>();
  /** Channels the current connection has run LISTEN on. */
  private readonly listening = new Set<string>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private wasDown = false;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Whether notifications on `channel` arrive now, so a cache may trust them. */
  isListening(channel: string): boolean {
    return this.client !== null && this.listening.has(channel);
  }

  /**
   * Listens on `channel` until the returned function is called. Resolves once listening, or
   * after a failed first attempt (logged; it keeps trying in the background).
   */
  async subscribe(channel: string, handlers: NotificationHandlers): Promise<Unsubscribe> {
    const set = this.subscribers.get(channel) ?? new Set();
    this.subscribers.set(channel, set);
    set.add(handlers);
    await this.connect();
    const client = this.client;
    if (client && !this.listening.has(channel)) {
      await this.listenOn(client, channel).catch((error: unknown) => this.lost(client, error));
    }
    return () => this.unsubscribe(channel, handlers);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting;
    const client = this.client;
    this.client = null;
    this.listening.clear();
    this.subscribers.clear();
    await client?.end().catch(() => undefined);
  }

  private unsubscribe(channel: string, handlers: NotificationHandlers): void {
    const set = this.subscribers.get(channel);
    if (!set?.delete(handlers) || set.size > 0) return;
    this.subscribers.delete(channel);
    if (this.listening.delete(channel) && this.client) {
      this.client.query(`UNLISTEN ${this.client.escapeIdentifier(channel)}`).catch(() => undefined);
    }
  }

  private connect(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', ({ channel, payload }) => {
      for (const handlers of [...(this.subscribers.get(channel) ?? [])])
        handlers.message(payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.subscribers.keys()) await this.listenOn(client, channel);
    } catch (error) {
      this.listening.clear();
      await client.end().catch(() => undefined);
      this.logger.warn({ err: error }, 'database notifications: cannot listen; trying again');
      this.retryLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    if (this.wasDown) this.tell('up');
    this.wasDown = false;
  }

  private async listenOn(client: pg.Client, channel: string): Promise<void> {
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    this.listening.add(channel);
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client || this.stopped) return;
    this.logger.warn({ err: error }, 'database notifications lost; connecting again');
    this.client = null;
    this.listening.clear();
    this.tell('down');
    void client.end().catch(() => undefined);
    this.retryLater();
  }

  /** Every failed or lost connection comes here, so the next success tells subscribers `up`. */
  private retryLater(): void {
    this.wasDown = true;
    if (this.stopped || this.retryTimer) return;
    const wait = Math.min(FIRST_RETRY_MS * 2 ** this.failures, MAX_RETRY_MS);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  private tell(what: 'down' | 'up'): void {
    for (const handlers of [...this.subscribers.values()].flatMap((set) => [...set])) {
      handlers[what]?.();
    }
  }
}
