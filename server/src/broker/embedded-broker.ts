import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { DataloggerDirectory } from '../ingestion/datalogger-directory.js';

/** The username of the server's own clients (ingestion); `$` never occurs in a serial number. */
export const INTERNAL_USERNAME = '$portal';
/** MQTT 3.1.1 CONNACK return code 4: bad user name or password (catalogue code 300). */
const BAD_USERNAME_OR_PASSWORD = 4;

export interface EmbeddedBroker {
  url: string;
  port: number;
  /** Credentials for the server's own clients; generated per start, never stored. */
  internal: { username: string; password: string };
  close(): Promise<void>;
}

function refusal(): AuthenticateError {
  return Object.assign(new Error('bad username or password'), {
    returnCode: BAD_USERNAME_OR_PASSWORD,
  });
}

/**
 * The MQTT broker for dataloggers when no MQTT_URL is configured. A datalogger connects with
 * client id = username = its SN and its registration key as password, publishes only under
 * `dl/{its sn}/` and subscribes only to its own ack topic.
 */
export async function startEmbeddedBroker(options: {
  db: Db;
  logger: Logger;
  port: number;
  host?: string;
  /** Reuse the password of a previous start (a restarted broker keeps its internal clients). */
  internalPassword?: string;
  /**
   * Hands each datalogger's `dl/{sn}/data` message to ingestion in-process, before its PUBACK:
   * the datalogger's next packets wait until the returned promise settles, so thousands of
   * messages can share one group commit while each datalogger's stay in order.
   */
  onDataloggerData?: (sn: string, payload: Buffer) => Promise<void>;
}): Promise<EmbeddedBroker> {
  const directory = new DataloggerDirectory(options.db);
  const internalPassword = options.internalPassword ?? randomBytes(24).toString('base64url');
  const serialOfClient = new WeakMap<Client, string | null>();

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username === INTERNAL_USERNAME && password?.toString() === internalPassword) {
        serialOfClient.set(client, null);
        done(null, true);
        return;
      }
      if (!username || username !== client.id || !password) {
        done(refusal(), false);
        return;
      }
      directory.authenticate(username, password.toString()).then(
        (datalogger) => {
          if (!datalogger) {
            done(refusal(), false);
            return;
          }
          serialOfClient.set(client, datalogger.sn);
          done(null, true);
        },
        (error: unknown) => {
          options.logger.error({ err: error }, 'broker authentication failed');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 }), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      const sn = client ? serialOfClient.get(client) : null;
      if (sn === null) return callback(null);
      const allowed =
        sn !== undefined &&
        (packet.topic === `dl/${sn}/data` || packet.topic === `dl/${sn}/status`);
      if (!allowed) return callback(new Error('topic not allowed'));
      if (!options.onDataloggerData || packet.topic !== `dl/${sn}/data`) return callback(null);
      // The PUBACK follows the commit; a message not stored closes the connection unanswered.
      options.onDataloggerData(sn, Buffer.from(packet.payload)).then(
        () => callback(null),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const sn = serialOfClient.get(client);
      if (sn === null || subscription.topic === `dl/${sn}/ack`) return callback(null, subscription);
      callback(null, null);
    },
  });

  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'embedded MQTT broker listening');

  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    internal: { username: INTERNAL_USERNAME, password: internalPassword },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
