import { Aedes, type AedesOptions, type Client, type PublishPacket } from 'aedes';

type Done = (error?: Error) => void;
/** aedes's own publish also takes the publishing client (untyped in its declarations). */
type PublishWithClient = (packet: PublishPacket, client: Client | null, done: Done) => void;

/**
 * aedes answers a QoS 1 PUBLISH with PUBACK first and stores the message afterwards
 * (lib/handlers/publish.js), so a crash in between lost messages the datalogger had been told
 * were safe. authorizePublish runs before that PUBACK: `publishBeforeAck` publishes there,
 * into the sessions' persistence, and the publish aedes starts after its PUBACK is skipped
 * for that same packet. A packet the portal consumed in-process before its PUBACK
 * (`consumedBeforeAck`) is not published on either.
 *
 * Its message emitter runs without a concurrency limit. With aedes's default of 100, messages
 * beyond it wait in a queue that the emitter later drains recursively, one stack frame per
 * message: a burst of acks after a large group commit overflowed the stack and ended the
 * process. Each connection still hands over one packet at a time, so in-flight messages stay
 * bounded by the connections and the server's own publishes.
 */
export class DurableAedes extends Aedes {
  private readonly settledBeforeAck = new WeakSet<PublishPacket>();

  constructor(options: AedesOptions) {
    super({ ...options, concurrency: 0 });
  }

  publishBeforeAck(packet: PublishPacket, client: Client | null): Promise<void> {
    return new Promise((resolve, reject) => {
      const publish = Aedes.prototype.publish as unknown as PublishWithClient;
      publish.call(this, packet, client, (error) => {
        if (error) return reject(error);
        this.settledBeforeAck.add(packet);
        resolve();
      });
    });
  }

  consumedBeforeAck(packet: PublishPacket): void {
    this.settledBeforeAck.add(packet);
  }

  /** The server's own QoS 0 message, published in-process (no client connection of its own). */
  publishOwn(topic: string, payload: string): Promise<void> {
    const packet = { cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false } as const;
    return new Promise((resolve, reject) => {
      this.publish(packet as PublishPacket, (error?: Error) => (error ? reject(error) : resolve()));
    });
  }

  override publish(packet: PublishPacket, clientOrDone: Client | null | Done, done?: Done): void {
    const callback = typeof clientOrDone === 'function' ? clientOrDone : done;
    if (this.settledBeforeAck.delete(packet)) {
      setImmediate(() => callback?.());
      return;
    }
    const client = typeof clientOrDone === 'function' ? null : clientOrDone;
    (Aedes.prototype.publish as unknown as PublishWithClient).call(
      this,
      packet,
      client,
      callback ?? (() => undefined),
    );
  }
}
