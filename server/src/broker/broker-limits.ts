import { MAX_MESSAGE_BYTES } from '@solar/contract';

export interface BrokerLimits {
  /** Open connections from one address at once. */
  connectionsPerAddress: number;
  /**
   * Failed connects from one address per window: a refused key, no CONNECT in time, an
   * oversized or malformed packet. Past it, new connections from the address are closed as
   * they arrive until the window ends.
   */
  failuresPerAddress: number;
  failureWindowMs: number;
  /** Largest packet before the connection is authenticated: a CONNECT needs far less. */
  packetBytesBeforeAuth: number;
  /** Largest packet after: a data message of the documented maximum, with topic and header. */
  packetBytesAfterAuth: number;
  /**
   * How long a new connection may stay without sending its CONNECT. Not shorter: in a storm of
   * 2,000 reconnecting dataloggers on a busy host, 10 s dropped some before their CONNECT was read.
   */
  connectTimeoutMs: number;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  connectionsPerAddress: 100,
  failuresPerAddress: 30,
  failureWindowMs: 15 * 60_000,
  packetBytesBeforeAuth: 4096,
  packetBytesAfterAuth: MAX_MESSAGE_BYTES + 1024,
  connectTimeoutMs: 30_000,
};
