import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  assertObjectKey,
  type ByteRange,
  type ObjectStore,
  type StoredObject,
} from './object-store.js';

/**
 * Objects as files under one root folder (`<DATA_DIR>/objects` by default). A write goes to a
 * temporary file first and is renamed into place, so a reader never sees half an object.
 */
export class LocalDiskStore implements ObjectStore {
  constructor(private readonly root: string) {}

  async put(key: string, content: Readable): Promise<StoredObject> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      // writeFile opens the file before it reads the source, so the clean-up below always
      // runs after the file exists (a lazily opening write stream could create it later).
      await writeFile(partial, content);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const written = await this.stat(key);
    if (!written) throw new Error(`object vanished after writing: ${key}`);
    return written;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.fileOf(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.fileOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}
