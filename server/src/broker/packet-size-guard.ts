/** MQTT's remaining length takes at most four bytes of seven bits. */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows the MQTT fixed headers in a connection's byte stream and tells as soon as a packet
 * announces a remaining length above the limit of the moment, before its body is buffered:
 * mqtt-packet collects a whole packet in memory first, whatever size it announces, and aedes
 * has no limit of its own.
 */
export class PacketSizeGuard {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private remaining = 0;

  constructor(private readonly limit: () => number) {}

  /** Follows `chunk`; false when a packet over the limit (or a malformed length) began. */
  accept(chunk: Buffer): boolean {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.state === 'body') {
        const taken = Math.min(this.remaining, chunk.length - offset);
        this.remaining -= taken;
        offset += taken;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[offset]!;
      offset += 1;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes += 1;
      if (this.length > this.limit()) return false;
      if (byte & 0x80) {
        if (this.lengthBytes === MAX_LENGTH_BYTES) return false;
        continue;
      }
      this.remaining = this.length;
      this.state = this.remaining === 0 ? 'type' : 'body';
    }
    return true;
  }
}
