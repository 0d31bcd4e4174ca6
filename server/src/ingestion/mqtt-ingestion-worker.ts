import { serialOfTopic } from '@solar/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { IngestionPipeline } from './ingestion-pipeline.js';
import {
  applicationAckOf,
  type IngestionService,
  type IngestOutcome,
} from './ingestion-service.js';
import { ingestionCounters } from './ingestion-stats.js';

export interface IngestionWorkerOptions {
  url: string;
  /** Stable across restarts, so the broker keeps the sessions (and queued messages). */
  clientId: string;
  username?: string;
  password?: string;
  /**
   * External MQTT 5 broker: `$share/ingest/dl/+/data`, so several connections and server
   * processes split the load, and every message must carry the datalogger's key. The embedded
   * broker has no shared subscriptions and authenticates connections itself.
   */
  isExternal: boolean;
  /** Whether a message must carry its key; default `isExternal` (false with dynsec accounts). */
  requiresPayloadKey?: boolean;
  /** How long an external broker keeps the sessions while the worker is away. */
  sessionExpirySeconds?: number;
  /** The shared-subscription group on an external broker (default `ingest`). */
  shareGroup?: string;
  /**
   * Connections in the shared group (external broker only; default 1). mqtt.js hands over the
   * next message of a connection only after the previous one was acknowledged, so this is how
   * many messages can wait for the same group commit.
   */
  connections?: number;
  /** False when the embedded broker hands data messages to the pipeline itself. */
  subscribesToData?: boolean;
}

/**
 * Subscribes with QoS 1 on persistent sessions and acknowledges each message (PUBACK) only
 * after its transaction committed: a crash before commit means the broker delivers it again,
 * and idempotent storage makes the second delivery harmless.
 */
export class MqttIngestionWorker {
  private clients: MqttClient[] = [];
  private isStopping = false;

  constructor(
    private readonly service: IngestionService,
    private readonly pipeline: IngestionPipeline,
    private readonly options: IngestionWorkerOptions,
    private readonly logger: Logger,
  ) {}

  /**
   * Data unless the broker hands it over in-process; presence (`dl/+/status`) only from the
   * embedded broker, where it comes from an authenticated connection: on an open external broker
   * anyone could publish it.
   */
  get topics(): string[] {
    if (this.options.isExternal) return [`$share/${this.options.shareGroup ?? 'ingest'}/dl/+/data`];
    return this.options.subscribesToData === false ? ['dl/+/status'] : ['dl/+/data', 'dl/+/status'];
  }

  private get connectionCount(): number {
    return this.options.isExternal ? (this.options.connections ?? 1) : 1;
  }

  async start(): Promise<void> {
    this.isStopping = false;
    this.clients = await Promise.all(
      Array.from({ length: this.connectionCount }, (_, index) =>
        this.connect(index === 0 ? this.options.clientId : `${this.options.clientId}-${index}`),
      ),
    );
  }

  /** Disconnects without acknowledging what is in flight; the broker redelivers it later. */
  async stop(): Promise<void> {
    this.isStopping = true;
    const clients = this.clients;
    this.clients = [];
    await Promise.all(clients.map((client) => client.endAsync(true)));
  }

  private async connect(clientId: string): Promise<MqttClient> {
    const options: IClientOptions = {
      clientId,
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
    // mqtt.js sends the PUBACK when this callback runs, for MQTT 3.1.1 and 5 alike.
    client.handleMessage = (packet, callback) => {
      void this.handle(client, packet.topic, Buffer.from(packet.payload)).then((isDone) => {
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
    return client;
  }

  /** Returns whether the message may be acknowledged: false only when stopping first. */
  private async handle(client: MqttClient, topic: string, message: Buffer): Promise<boolean> {
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
    try {
      const outcome = await this.pipeline.submit({
        sn,
        payload: message,
        requireKey: this.options.requiresPayloadKey ?? this.options.isExternal,
      });
      this.acknowledgeOn(client, outcome);
      return true;
    } catch (error) {
      if (!this.isStopping) this.logger.error({ err: error, sn }, 'datalogger message not stored');
      return false;
    }
  }

  private acknowledgeOn(client: MqttClient, outcome: IngestOutcome): void {
    const ack = applicationAckOf(outcome);
    if (!ack) return;
    client.publish(ack.topic, ack.payload, { qos: 0 }, (error) => {
      if (error) this.logger.debug({ err: error, topic: ack.topic }, 'ack not delivered');
    });
  }
}
