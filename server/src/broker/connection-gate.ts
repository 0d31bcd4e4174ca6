import type { Socket } from 'node:net';
import type { BrokerLimits } from './broker-limits.js';
import { FailureWindow } from './failure-window.js';
import { PacketSizeGuard } from './packet-size-guard.js';

/** An attempt counted as failed until it proves otherwise. */
export type AuthenticationTicket =
  | {
      allowed: true;
      /** The right credentials: the attempt is given back and the connection trusted. */
      succeeded(): void;
      /** Not evaluated (the database failed): the attempt is given back. */
      cancel(): void;
      /** The wrong credentials: the attempt stays counted. */
      failed(): void;
    }
  | { allowed: false };

function addressOf(socket: Socket): string {
  return socket.remoteAddress ?? 'unknown';
}

/**
 * The embedded broker's limits around aedes, which has none of them: open connections per
 * address and failed connects per address (in memory: the broker is one process, and a check
 * that needs no database round trip costs an attacker's flood nothing), and the packet size
 * before and after authentication. Key guesses per datalogger are counted in PostgreSQL, with
 * the HTTP upload's (`DataloggerKeyGuard`).
 */
export class ConnectionGate {
  private readonly openByAddress = new Map<string, number>();
  private readonly addressFailures: FailureWindow;
  private readonly authenticated = new WeakSet<Socket>();
  /** Connections whose failure, if any, authentication has counted already. */
  private readonly judged = new WeakSet<Socket>();

  constructor(private readonly limits: BrokerLimits) {
    this.addressFailures = new FailureWindow(limits.failuresPerAddress, limits.failureWindowMs);
  }

  /** Whether a new connection may go on to the broker; a refused one is destroyed. */
  admit(socket: Socket): boolean {
    const address = addressOf(socket);
    const open = this.openByAddress.get(address) ?? 0;
    if (open >= this.limits.connectionsPerAddress || this.addressFailures.isExhausted(address)) {
      socket.destroy();
      return false;
    }
    this.openByAddress.set(address, open + 1);
    socket.once('close', () => this.release(socket, address));
    return true;
  }

  /**
   * Watches the packet sizes of an admitted connection. Call after aedes took the socket: its
   * 'readable' listener keeps control of the flow, and this listener sees each chunk as
   * aedes reads it, before the parser does.
   */
  guardPacketSizes(socket: Socket): void {
    const guard = new PacketSizeGuard(() =>
      this.authenticated.has(socket)
        ? this.limits.packetBytesAfterAuth
        : this.limits.packetBytesBeforeAuth,
    );
    socket.on('data', (chunk: Buffer) => {
      if (!guard.accept(chunk)) socket.destroy();
    });
  }

  /**
   * Counts an authentication attempt against the address before it is evaluated (check and
   * count in one synchronous step); without room, it waits for pending attempts
   * (`FailureWindow.reserve`) while its client stays connected.
   */
  async beginAuthentication(socket: Socket): Promise<AuthenticationTicket> {
    const address = addressOf(socket);
    this.judged.add(socket);
    if (!(await this.addressFailures.reserve(address, () => socket.destroyed))) {
      return { allowed: false };
    }
    const settle = (failed: boolean) => this.addressFailures.settle(address, failed);
    return {
      allowed: true,
      cancel: () => settle(false),
      failed: () => settle(true),
      succeeded: () => {
        settle(false);
        this.authenticated.add(socket);
      },
    };
  }

  private release(socket: Socket, address: string): void {
    const open = (this.openByAddress.get(address) ?? 1) - 1;
    if (open > 0) this.openByAddress.set(address, open);
    else this.openByAddress.delete(address);
    // Closed before any authentication: garbage, an oversized packet, or no CONNECT in time.
    if (!this.authenticated.has(socket) && !this.judged.has(socket)) {
      this.addressFailures.take(address);
    }
  }
}
