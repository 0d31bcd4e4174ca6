import { randomBytes } from 'node:crypto';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { AuthenticateError, Client } from 'aedes';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { isSameSecret } from '../auth/secret-token.js';
import { DataloggerDirectory } from './datalogger-directory.js';
import { DataloggerKeyGuard, type KeyCheck } from './datalogger-key-guard.js';
import { type BrokerLimits, DEFAULT_BROKER_LIMITS } from './broker-limits.js';
import { openBrokerPersistence } from './broker-persistence.js';
import { ConnectionGate } from './connection-gate.js';
import { DurableAedes } from './durable-aedes.js';

/** The username of the server's own clients (ingestion); `$` never occurs in a serial number. */
export const INTERNAL_USERNAME = '$portal';
/** MQTT 3.1.1 CONNACK return code 4: bad user name or password (catalogue code 300). */
const BAD_USERNAME_OR_PASSWORD = 4;
/** A fleet reconnecting after an outage arrives at once; the kernel caps it at somaxconn. */
const LISTEN_BACKLOG = 4096;
/** CONNACK return code 3, server unavailable: too many failed attempts, try again later. */
const SERVER_UNAVAILABLE = 3;

export interface EmbeddedBroker {
  url: string;
  port: number;
  /** Credentials for the server's own clients; generated per start, never stored. */
  internal: { username: string; password: string };
  close(): Promise<void>;
}

/** A message the server itself publishes at QoS 0 (the application ack of a data message). */
export interface OwnMessage {
  topic: string;
  payload: string;
}

function refusal(
  message = 'bad username or password',
  returnCode = BAD_USERNAME_OR_PASSWORD,
): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

/**
 * The MQTT broker for dataloggers when no MQTT_URL is configured. A datalogger connects with
 * client id = username = its SN and its registration key as password, publishes only its own
 * `dl/{sn}/data`, `status` and `reply`, and subscribes only to its own `ack` and `cmd` topics.
 */
export async function startEmbeddedBroker(options: {
  db: Db;
  logger: Logger;
  port: number;
  host?: string;
  /** Reuse the password of a previous start (a restarted broker keeps its internal clients). */
  internalPassword?: string;
  /**
   * Where sessions and queued QoS 1 messages are kept across restarts (a LevelDB folder);
   * without it they live in memory only.
   */
  persistenceDir?: string;
  limits?: Partial<BrokerLimits>;
  /**
   * Hands each datalogger's `dl/{sn}/data` message to ingestion in-process, before its PUBACK:
   * the datalogger's next packets wait until the returned promise settles, so thousands of
   * messages can share one group commit while each datalogger's stay in order. The message it
   * resolves with (the application ack), if any, is published before the PUBACK.
   */
  onDataloggerData?: (sn: string, payload: Buffer) => Promise<OwnMessage | null>;
}): Promise<EmbeddedBroker> {
  const keys = new DataloggerKeyGuard(options.db, new DataloggerDirectory(options.db));
  const internalPassword = options.internalPassword ?? randomBytes(24).toString('base64url');
  const serialOfClient = new WeakMap<Client, string | null>();
  const limits = { ...DEFAULT_BROKER_LIMITS, ...options.limits };
  const gate = new ConnectionGate(limits);
  const persistence = options.persistenceDir
    ? await openBrokerPersistence(options.persistenceDir)
    : undefined;

  const broker: DurableAedes = new DurableAedes({
    persistence,
    connectTimeout: limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      const isInternal = username === INTERNAL_USERNAME;
      if (!username || (!isInternal && username !== client.id) || !password) {
        done(refusal(), false);
        return;
      }
      const socket = client.conn as Socket;
      const checkKey = async (): Promise<KeyCheck | { kind: 'internal' }> => {
        if (!isInternal) {
          return keys.check(username, password.toString(), socket.remoteAddress ?? 'unknown');
        }
        return isSameSecret(internalPassword, password.toString())
          ? { kind: 'internal' }
          : { kind: 'refused' };
      };
      void gate.beginAuthentication(socket).then(async (ticket) => {
        if (!ticket.allowed) {
          done(refusal('too many failed attempts', SERVER_UNAVAILABLE), false);
          return;
        }
        let check;
        try {
          check = await checkKey();
        } catch (error) {
          ticket.cancel();
          options.logger.error({ err: error }, 'broker authentication failed');
          done(refusal('server unavailable', SERVER_UNAVAILABLE), false);
          return;
        }
        if (check.kind === 'refused' || check.kind === 'overBudget') {
          ticket.failed();
          done(
            check.kind === 'refused'
              ? refusal()
              : refusal('too many failed attempts', SERVER_UNAVAILABLE),
            false,
          );
          return;
        }
        ticket.succeeded();
        serialOfClient.set(client, check.kind === 'internal' ? null : check.datalogger.sn);
        done(null, true);
      });
    },
    authorizePublish: (client, packet, callback) => {
      const sn = client ? serialOfClient.get(client) : null;
      const allowed =
        sn === null ||
        (sn !== undefined &&
          (packet.topic === `dl/${sn}/data` ||
            packet.topic === `dl/${sn}/status` ||
            packet.topic === `dl/${sn}/reply`));
      if (!allowed) return callback(new Error('topic not allowed'));
      const settle = (stored: Promise<void>): void =>
        void stored.then(
          () => callback(null),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      // Data handed over in-process: the PUBACK follows the commit; a message not stored closes
      // the connection unanswered. Other QoS 1 messages are kept in the broker's persistence
      // before their PUBACK.
      if (sn && options.onDataloggerData && packet.topic === `dl/${sn}/data`) {
        const stored = options.onDataloggerData(sn, Buffer.from(packet.payload)).then((answer) => {
          if (answer) publishOwn(answer);
        });
        settle(stored.then(() => broker.consumedBeforeAck(packet)));
        return;
      }
      if (packet.qos !== 1) return callback(null);
      settle(broker.publishBeforeAck(packet, client));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const sn = serialOfClient.get(client);
      if (
        sn === null ||
        subscription.topic === `dl/${sn}/ack` ||
        subscription.topic === `dl/${sn}/cmd`
      )
        return callback(null, subscription);
      callback(null, null);
    },
  });
  await broker.listen();

  /** In-process, without a client connection: cheaper than a loopback client per data message. */
  const publishOwn = ({ topic, payload }: OwnMessage): void =>
    void broker.publishOwn(topic, payload).catch((error: unknown) => {
      options.logger.debug({ err: error, topic }, 'message not published');
    });

  const server = net.createServer((socket) => {
    if (!gate.admit(socket)) return;
    broker.handle(socket);
    gate.guardPacketSizes(socket);
  });
  const closeBroker = async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await persistence?.destroy();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(
        { port: options.port, host: options.host ?? '0.0.0.0', backlog: LISTEN_BACKLOG },
        () => resolve(),
      );
    });
  } catch (error) {
    // Free the persistence's lock, so a start on another port can open it.
    await closeBroker();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'embedded MQTT broker listening');

  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    internal: { username: INTERNAL_USERNAME, password: internalPassword },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await closeBroker();
      await closed;
    },
  };
}
