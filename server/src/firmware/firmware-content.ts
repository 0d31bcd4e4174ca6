import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FirmwareFileExtension } from '@solar/contract';

/** Bytes looked at to tell a binary image from text. */
const SNIFF_BYTES = 4096;
/** An Intel HEX record: `:`, byte count, address, type, data, checksum, all hex digits. */
const HEX_RECORD =
  /^:([0-9A-Fa-f]{2})([0-9A-Fa-f]{4})([0-9A-Fa-f]{2})((?:[0-9A-Fa-f]{2})*)([0-9A-Fa-f]{2})$/;

/** Whether one line is a well-formed Intel HEX record with a matching checksum; its type. */
export function intelHexRecordType(line: string): number | null {
  const match = HEX_RECORD.exec(line);
  if (!match) return null;
  const bytes = Buffer.from(line.slice(1), 'hex');
  if (bytes[0] !== bytes.length - 5) return null;
  const sum = bytes.reduce((total, byte) => (total + byte) & 0xff, 0);
  if (sum !== 0) return null;
  const type = bytes[3]!;
  return type <= 5 ? type : null;
}

/** Printable ASCII, tab, line feed, carriage return: what a text file is made of. */
function isTextByte(byte: number): boolean {
  return byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127);
}

/**
 * Passes a firmware file through while hashing it (SHA-256) and checking its content, never
 * holding it whole: `.hex` must be Intel HEX (every line a record with a valid checksum, ending
 * with the end-of-file record), `.bin` a non-empty binary image (not a text file renamed).
 * `problem` is read once the stream has ended.
 */
export class FirmwareContentCheck extends Transform {
  private readonly hash = createHash('sha256');
  private size = 0;
  private sniffed = Buffer.alloc(0);
  private partialLine = '';
  private hasEndRecord = false;
  private isMalformed = false;
  sha256 = '';

  constructor(private readonly extension: FirmwareFileExtension) {
    super();
  }

  get bytes(): number {
    return this.size;
  }

  /** Null when the content is what the extension says; otherwise why not. */
  get problem(): 'empty' | 'content' | null {
    if (this.size === 0) return 'empty';
    if (this.extension === 'hex') {
      return !this.isMalformed && this.hasEndRecord ? null : 'content';
    }
    return this.sniffed.every(isTextByte) ? 'content' : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.extension === 'hex') this.checkHexLines(chunk.toString('latin1'));
    else if (this.sniffed.length < SNIFF_BYTES) {
      this.sniffed = Buffer.concat([
        this.sniffed,
        chunk.subarray(0, SNIFF_BYTES - this.sniffed.length),
      ]);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.extension === 'hex' && this.partialLine.trim() !== '')
      this.checkHexLine(this.partialLine);
    this.sha256 = this.hash.digest('hex');
    callback();
  }

  private checkHexLines(text: string): void {
    const lines = (this.partialLine + text).split('\n');
    this.partialLine = lines.pop() ?? '';
    for (const line of lines) this.checkHexLine(line);
    // A "line" longer than any record is not Intel HEX; stop buffering it.
    if (this.partialLine.length > 600) {
      this.isMalformed = true;
      this.partialLine = '';
    }
  }

  private checkHexLine(raw: string): void {
    const line = raw.trim();
    if (line === '' || this.isMalformed) return;
    // Nothing may follow the end-of-file record.
    const type = this.hasEndRecord ? null : intelHexRecordType(line);
    if (type === null) this.isMalformed = true;
    else if (type === 1) this.hasEndRecord = true;
  }
}
