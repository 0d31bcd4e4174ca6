import { serialOfTopic, TOPICS } from '@solar/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { IngestionService, IngestOutcome } from './ingestion-service.js';
import { ingestionCounters } from './ingestion-stats.js';

export interface IngestionWorkerOptions {
  url: string;
  /** Stable across restarts, so the broker keeps the session (and queued messages). */
  clientId: string;
  username?: string;
  password?: string;
  /**
   * External MQTT 5 broker: `$share/ingest/dl/+/data`, so several server processes split
   * the load, and every message must carry the datalogger's key. The embedded broker has no
   * shared subscriptions and authenticates connections itself.
   */
  isExternal: boolean;
  /** How long an external broker keeps the session while the worker is away. */
  sessionExpirySeconds?: number;
  /** The shared-subscription group on an external broker (default `ingest`). */
  shareGroup?: string;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Subscribes with QoS 1 on a persistent session and acknowledges each message (PUBACK) only
 * after its transaction committed: a crash before commit means the broker delivers it again,
 * and idempotent storage makes the second delivery harmless.
 */
export class MqttIngestionWorker {
  private client: MqttClient | null = null;
  private isStopping = false;

  constructor(
    private readonly service: IngestionService,
    private readonly options: IngestionWorkerOptions,
    private readonly logger: Logger,
  ) {}

  /**
   * Data always; presence (`dl/+/status`) only from the embedded broker, where it comes from
   * an authenticated connection: on an open external broker anyone could publish it.
   */
  get topics(): string[] {
    return this.options.isExternal
      ? [`$share/${this.options.shareGroup ?? 'ingest'}/dl/+/data`]
      : ['dl/+/data', 'dl/+/status'];
  }

  async start(): Promise<void> {
    this.isStopping = false;
    const options: IClientOptions = {
      clientId: this.options.clientId,
      username: this.options.username,
      password: this.options.password,
      clean: false,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      protocolVersion: this.options.isExternal ? 5 : 4,
      ...(this.options.isExternal
        ? { properties: { sessionExpiryInterval: this.options.sessionExpirySeconds ?? 86_400 } }
        : {}),
    };
    const client = mqtt.connect(this.options.url, options);
    this.client = client;
    // mqtt.js sends the PUBACK when this callback runs, for MQTT 3.1.1 and 5 alike.
    client.handleMessage = (packet, callback) => {
      void this.handle(packet.topic, Buffer.from(packet.payload)).then((isDone) => {
        if (isDone) callback();
      });
    };
    client.on('connect', (connack) => {
      if (connack.sessionPresent) return;
      client.subscribe(this.topics, { qos: 1 }, (error) => {
        if (error && !this.isStopping)
          this.logger.error({ err: error }, 'ingestion subscribe failed');
      });
    });
    client.on('error', (error) => this.logger.warn({ err: error }, 'ingestion MQTT client error'));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
  }

  /** Disconnects without acknowledging what is in flight; the broker redelivers it later. */
  async stop(): Promise<void> {
    this.isStopping = true;
    await this.client?.endAsync(true);
    this.client = null;
  }

  /** Returns whether the message may be acknowledged: false only when stopping mid-retry. */
  private async handle(topic: string, message: Buffer): Promise<boolean> {
    const sn = serialOfTopic(topic);
    if (sn && topic.endsWith('/status') && !this.options.isExternal) {
      await this.service.recordPresence(sn, message.toString('utf8')).catch((error: unknown) => {
        this.logger.warn({ err: error, sn }, 'datalogger presence not recorded');
      });
      return true;
    }
    if (!sn || !topic.endsWith('/data')) {
      ingestionCounters.reject('topic');
      return true;
    }
    ingestionCounters.received += 1;
    for (let attempt = 0; ; attempt += 1) {
      if (this.isStopping) return false;
      try {
        const outcome = await this.service.ingestMessage(sn, message, this.options.isExternal);
        this.acknowledge(outcome);
        return true;
      } catch (error) {
        ingestionCounters.lastError = String(error);
        this.logger.error(
          { err: error, sn, attempt },
          'storing a datalogger message failed; retrying',
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(500 * 2 ** attempt, MAX_RETRY_DELAY_MS)),
        );
      }
    }
  }

  /** The application ack tells the datalogger which records it may drop from its buffer. */
  private acknowledge(outcome: IngestOutcome): void {
    if (outcome.kind !== 'stored' || !this.client) return;
    this.client.publish(
      TOPICS.ack(outcome.sn),
      JSON.stringify({ ts: outcome.ts }),
      { qos: 1 },
      (error) => {
        if (error) this.logger.debug({ err: error, sn: outcome.sn }, 'ack not delivered');
      },
    );
  }
}
