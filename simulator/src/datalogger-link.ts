import {
  COMMAND_TOPICS,
  type CommandReply,
  type DataloggerRecord,
  dataloggerAck,
  MAX_RECORDS_PER_MESSAGE,
  TOPICS,
} from '@solar/contract';
import mqtt, { type MqttClient } from 'mqtt';

export interface LinkOptions {
  brokerUrl: string;
  sn: string;
  key: string;
  /** External brokers do not check credentials: the key then travels in every payload. */
  includeKeyInPayload?: boolean;
  /** Records not acknowledged after this long are sent again. */
  resendAfterMs?: number;
  /** Records kept while the server cannot be reached; the oldest are dropped beyond it. */
  bufferLimit?: number;
  /** Called with each parsed `dl/{sn}/cmd` payload (the downlink); without it none is taken. */
  onCommand?: (payload: unknown) => void;
}

interface PendingRecord {
  record: DataloggerRecord;
  sentAt: number;
}

/**
 * One datalogger's MQTT connection, behaving as the protocol asks of a real one: connects
 * with its SN and key, announces online (retained, with an offline last will), keeps every
 * record until the server's ack names its `ts`, and sends unacknowledged records again.
 */
export class DataloggerLink {
  private client: MqttClient | null = null;
  private readonly pending = new Map<string, PendingRecord>();
  private readonly drainWaiters: (() => void)[] = [];
  private resendTimer: NodeJS.Timeout | null = null;
  private isPaused = false;

  constructor(private readonly options: LinkOptions) {}

  get unacknowledged(): number {
    return this.pending.size;
  }

  async connect(): Promise<void> {
    const { sn, key, brokerUrl } = this.options;
    const client = mqtt.connect(brokerUrl, {
      clientId: sn,
      username: sn,
      password: key,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 1000,
      will: { topic: TOPICS.status(sn), payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      client.subscribe(TOPICS.ack(sn), { qos: 1 });
      if (this.options.onCommand) client.subscribe(COMMAND_TOPICS.command(sn), { qos: 1 });
      client.publish(TOPICS.status(sn), 'online', { qos: 1, retain: true });
      this.resend(0);
    });
    client.on('message', (topic, payload) => {
      if (topic === COMMAND_TOPICS.command(sn)) this.onCommand(payload);
      else this.onAck(payload);
    });
    client.on('error', () => {
      // Reconnects on its own; unacknowledged records stay buffered.
    });
    await new Promise<void>((resolve, reject) => {
      const onConnect = () => {
        client.off('error', onError);
        resolve();
      };
      // Refused at first contact (wrong key, no broker): give up rather than retry forever.
      const onError = (error: Error) => {
        client.off('connect', onConnect);
        client.end(true);
        this.client = null;
        reject(error);
      };
      client.once('connect', onConnect);
      client.once('error', onError);
    });
    const resendAfter = this.options.resendAfterMs ?? 30_000;
    this.resendTimer = setInterval(() => this.resend(resendAfter), Math.min(resendAfter, 5000));
    this.resendTimer.unref();
  }

  /** Sends records (one message, or batches of up to 500) and resolves when the broker took them. */
  async send(records: readonly DataloggerRecord[]): Promise<void> {
    const now = Date.now();
    for (const record of records) this.pending.set(record.ts, { record, sentAt: now });
    this.trimBuffer();
    if (this.isPaused || !this.client?.connected) return;
    await this.publish(records);
  }

  /** Answers a command on `dl/{sn}/reply` (with the key when payloads carry it). */
  async reply(reply: CommandReply): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const body = this.options.includeKeyInPayload ? { ...reply, key: this.options.key } : reply;
    await client.publishAsync(COMMAND_TOPICS.reply(this.options.sn), JSON.stringify(body), {
      qos: 1,
    });
  }

  /**
   * A restart: the connection drops without a goodbye (the broker publishes the `offline`
   * will) and comes back after `downMs`, announcing `online` again.
   */
  restart(downMs: number): void {
    const client = this.client;
    if (!client) return;
    client.end(true, () => {
      const timer = setTimeout(() => {
        if (this.client === client) client.reconnect();
      }, downMs);
      timer.unref();
    });
  }

  /** Simulates an outage: records are only buffered until `resume`. */
  pause(): void {
    this.isPaused = true;
  }

  resume(): void {
    this.isPaused = false;
    this.resend(0);
  }

  /** Resolves when every record sent so far is acknowledged, or after `timeoutMs`. */
  async drained(timeoutMs = 60_000): Promise<boolean> {
    if (this.pending.size === 0) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.drainWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async close(): Promise<void> {
    if (this.resendTimer) clearInterval(this.resendTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected)
      await client.publishAsync(TOPICS.status(this.options.sn), 'offline', {
        qos: 1,
        retain: true,
      });
    await client.endAsync();
  }

  private async publish(records: readonly DataloggerRecord[]): Promise<void> {
    const client = this.client;
    if (!client) return;
    for (let start = 0; start < records.length; start += MAX_RECORDS_PER_MESSAGE) {
      const chunk = records.slice(start, start + MAX_RECORDS_PER_MESSAGE);
      const body = chunk.length === 1 ? { ...chunk[0]! } : { records: chunk };
      const payload = this.options.includeKeyInPayload ? { ...body, key: this.options.key } : body;
      await client.publishAsync(TOPICS.data(this.options.sn), JSON.stringify(payload), { qos: 1 });
    }
  }

  private resend(olderThanMs: number): void {
    if (this.isPaused || !this.client?.connected || this.pending.size === 0) return;
    const now = Date.now();
    const due = [...this.pending.values()].filter((p) => now - p.sentAt >= olderThanMs);
    if (due.length === 0) return;
    for (const entry of due) entry.sentAt = now;
    due.sort((a, b) => a.record.ts.localeCompare(b.record.ts));
    this.publish(due.map((p) => p.record)).catch(() => {
      // Still pending: the next resend round tries again.
    });
  }

  private onCommand(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    this.options.onCommand?.(body);
  }

  private onAck(payload: Buffer): void {
    let ack;
    try {
      ack = dataloggerAck.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (!ack.success) return;
    for (const ts of ack.data.ts) this.pending.delete(ts);
    // A refused record is never stored: sending it again cannot help.
    for (const { ts } of ack.data.refused ?? []) this.pending.delete(ts);
    if (this.pending.size === 0) for (const waiter of this.drainWaiters.splice(0)) waiter();
  }

  private trimBuffer(): void {
    const limit = this.options.bufferLimit ?? 20_000;
    if (this.pending.size <= limit) return;
    const oldest = [...this.pending.keys()].sort().slice(0, this.pending.size - limit);
    for (const ts of oldest) this.pending.delete(ts);
  }
}
