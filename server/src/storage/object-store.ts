import type { Readable } from 'node:stream';

/** A stored object's size and when it was written. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as an HTTP `Range: bytes=start-end` asks for. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the portal keeps files (firmware images, exports, reports, recordings): streamed in and
 * out, never held whole in memory. Keys are relative paths such as `firmware/12/app.bin`; the
 * local disk under `DATA_DIR` is the default store.
 */
export interface ObjectStore {
  /** Writes the stream under `key`, replacing an object of the same key once fully written. */
  put(key: string, content: Readable): Promise<StoredObject>;
  /** Null when nothing is stored under `key`. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or only `range` of them. Throws when nothing is stored under `key`. */
  read(key: string, range?: ByteRange): Readable;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * The object's bytes, or null when nothing is stored under `key` (removed, or written to another
 * store), so a download answers its not-found code instead of failing mid-stream.
 */
export async function readIfStored(store: ObjectStore, key: string): Promise<Readable | null> {
  return (await store.stat(key)) ? store.read(key) : null;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Keys are made by the server; this refuses anything that could leave the store's root. */
export function assertObjectKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..')) {
    throw new Error(`invalid object key: ${key}`);
  }
}
