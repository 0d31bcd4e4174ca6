import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../app-deps.js';
import type { RaisedEventsDeps } from '../events/raised-events.js';
import { BrokerAccounts } from '../broker/broker-accounts.js';
import {
  type EmbeddedBroker,
  type OwnMessage,
  startEmbeddedBroker,
} from '../broker/embedded-broker.js';
import { IngestionPipeline } from './ingestion-pipeline.js';
import { applicationAckOf, IngestionService } from './ingestion-service.js';
import { MqttIngestionWorker } from './mqtt-ingestion-worker.js';

export interface Telemetry {
  /** Where dataloggers connect: the embedded broker or MQTT_URL. */
  brokerUrl: string;
  /** Whether dataloggers connect to an external broker (MQTT_URL). */
  isExternalBroker: boolean;
  /** Whether a payload must carry its datalogger's key: an external broker that checks none. */
  requiresPayloadKey: boolean;
  service: IngestionService;
  broker: EmbeddedBroker | null;
  /** The dataloggers' accounts in the external broker's dynamic security (MQTT_DYNSEC_URL). */
  accounts: BrokerAccounts | null;
  worker: MqttIngestionWorker;
  stop(): Promise<void>;
}

/**
 * The embedded broker on MQTT_PORT; when that port is taken (another broker on 1883), on a
 * free port instead, so the portal and its simulator still start. Real dataloggers then need
 * the logged port.
 */
async function startBrokerOnFreePort(
  deps: AppDeps & RaisedEventsDeps,
  port: number,
  onDataloggerData: (sn: string, payload: Buffer) => Promise<OwnMessage | null>,
): Promise<EmbeddedBroker> {
  const options = {
    db: deps.db,
    logger: deps.logger,
    persistenceDir: path.join(deps.config.DATA_DIR, 'mqtt'),
    limits: { connectionsPerAddress: deps.config.MQTT_MAX_CONNECTIONS_PER_ADDRESS },
    onDataloggerData,
  };
  try {
    return await startEmbeddedBroker({ ...options, port });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE' || port === 0) throw error;
    deps.logger.warn({ port }, 'MQTT port in use; the embedded broker takes a free port instead');
    return startEmbeddedBroker({ ...options, port: 0 });
  }
}

export interface TelemetryOptions {
  /** Overrides MQTT_PORT for the embedded broker (tests use 0). */
  mqttPort?: number;
  /** Overrides the worker's stable client id (tests run several at once). */
  clientId?: string;
  sessionExpirySeconds?: number;
  shareGroup?: string;
  /** Overrides MQTT_INGEST_CONNECTIONS. */
  connections?: number;
}

/**
 * Starts device ingestion: the embedded broker unless MQTT_URL is set and the ingestion
 * worker. Offline status, raw retention and partitions are jobs (`ingestion-jobs.ts`, `events/events-jobs.ts`).
 */
export async function startTelemetry(
  deps: AppDeps & RaisedEventsDeps,
  options: TelemetryOptions = {},
): Promise<Telemetry> {
  const { config, logger } = deps;
  const service = new IngestionService(deps);
  await service.prepare();
  const pipeline = new IngestionPipeline(service, logger);
  const isExternalBroker = config.MQTT_URL !== undefined;
  // Before the ingestion worker connects: with dynsec, its own user is one of these accounts.
  const accounts =
    config.MQTT_URL && config.MQTT_DYNSEC_URL
      ? await BrokerAccounts.start(deps, {
          adminUrl: config.MQTT_DYNSEC_URL,
          portalUrl: config.MQTT_URL,
        })
      : null;
  const requiresPayloadKey = isExternalBroker && !accounts;
  const broker = isExternalBroker
    ? null
    : await startBrokerOnFreePort(deps, options.mqttPort ?? config.MQTT_PORT, async (sn, payload) =>
        applicationAckOf(await pipeline.submit({ sn, payload, requireKey: false })),
      );
  const brokerUrl = config.MQTT_URL ?? broker!.url;
  const worker = new MqttIngestionWorker(
    service,
    pipeline,
    {
      url: brokerUrl,
      clientId:
        options.clientId ??
        config.MQTT_INGEST_CLIENT_ID ??
        `portal-ingest-${os.hostname()}-${config.PORT}`,
      isExternal: isExternalBroker,
      requiresPayloadKey,
      sessionExpirySeconds:
        options.sessionExpirySeconds ?? config.MQTT_INGEST_SESSION_EXPIRY_SECONDS,
      shareGroup: options.shareGroup ?? config.MQTT_INGEST_SHARE_GROUP,
      connections: options.connections ?? config.MQTT_INGEST_CONNECTIONS,
      subscribesToData: isExternalBroker,
      ...(broker ? broker.internal : {}),
    },
    logger,
  );
  await worker.start();

  return {
    brokerUrl,
    isExternalBroker,
    requiresPayloadKey,
    service,
    broker,
    accounts,
    worker,
    stop: async () => {
      await pipeline.stop();
      await worker.stop();
      await broker?.close();
      await accounts?.stop();
    },
  };
}
