import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DataloggerRecord } from '@solar/contract';

interface Entry {
  ts: string;
  bytes: number;
}

const SUFFIX = '.json';
const PARTIAL = '.partial';

/**
 * Store and forward on disk: each reading (one record of every device at one instant) is a file
 * until the portal's ack names its `ts`, so it survives an agent restart and a power cut (the
 * file is synced before it counts as kept). Past the disk budget the oldest go, counted.
 */
export class DiskBuffer {
  private entries: Entry[] = [];
  private bytes = 0;
  dropped = 0;

  private constructor(
    private readonly dir: string,
    private readonly budgetBytes: number,
  ) {}

  static async open(bufferDir: string, budgetBytes: number): Promise<DiskBuffer> {
    const dir = path.join(bufferDir, 'pending');
    await mkdir(dir, { recursive: true });
    const buffer = new DiskBuffer(dir, budgetBytes);
    const files = await readdir(dir);
    // A file still being written when the power went (or the agent was killed) never counted.
    for (const partial of files.filter((name) => name.endsWith(PARTIAL)))
      await rm(path.join(dir, partial), { force: true });
    const names = files.filter((name) => name.endsWith(SUFFIX)).sort();
    for (const name of names) {
      const { size } = await stat(path.join(dir, name));
      buffer.entries.push({ ts: name.slice(0, -SUFFIX.length), bytes: size });
      buffer.bytes += size;
    }
    return buffer;
  }

  get size(): number {
    return this.entries.length;
  }

  async add(record: DataloggerRecord): Promise<void> {
    const text = JSON.stringify(record);
    const file = this.fileOf(record.ts);
    const partial = `${file}${PARTIAL}`;
    const handle = await open(partial, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    const bytes = Buffer.byteLength(text);
    this.entries.push({ ts: record.ts, bytes });
    this.entries.sort((a, b) => a.ts.localeCompare(b.ts));
    this.bytes += bytes;
    await this.keepWithinBudget();
  }

  /** The oldest records, at most `count` of them and `maxBytes` of JSON together. */
  async oldest(count: number, maxBytes: number): Promise<DataloggerRecord[]> {
    const records: DataloggerRecord[] = [];
    let bytes = 0;
    for (const entry of this.entries.slice(0, count)) {
      if (bytes + entry.bytes > maxBytes && records.length) break;
      const record = await this.read(entry.ts);
      if (!record) continue;
      records.push(record);
      bytes += entry.bytes;
    }
    return records;
  }

  /** A kept record; a file a disk fault left unreadable is dropped and counted, not sent. */
  private async read(ts: string): Promise<DataloggerRecord | null> {
    const text = await readFile(this.fileOf(ts), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return JSON.parse(text) as DataloggerRecord;
    } catch {
      await this.remove([ts]);
      this.dropped += 1;
      return null;
    }
  }

  async remove(timestamps: Iterable<string>): Promise<void> {
    const gone = new Set(timestamps);
    const leaving = this.entries.filter((entry) => gone.has(entry.ts));
    // The index changes at once, so an add or a removal running meanwhile sees it as it is.
    this.entries = this.entries.filter((entry) => !gone.has(entry.ts));
    for (const entry of leaving) {
      this.bytes -= entry.bytes;
      await rm(this.fileOf(entry.ts), { force: true });
    }
  }

  private async keepWithinBudget(): Promise<void> {
    while (this.bytes > this.budgetBytes && this.entries.length > 1) {
      const oldest = this.entries[0];
      if (!oldest) return;
      await this.remove([oldest.ts]);
      this.dropped += 1;
    }
  }

  private fileOf(ts: string): string {
    return path.join(this.dir, `${ts}${SUFFIX}`);
  }
}
