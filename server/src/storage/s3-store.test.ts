import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { LocalDiskStore } from './local-disk-store.js';
import { createObjectStore } from './object-stores.js';
import { S3Store } from './s3-store.js';

/** A real S3-compatible server (s3rver, files on a temporary folder) on a free local port. */
let server: S3rver;
let folder: string;
let store: S3Store;
const BUCKET = 'portal-objects';

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: folder,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  // Chosen through the environment, as the server chooses it.
  const chosen = createObjectStore(
    loadConfig({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
  );
  expect(chosen).toBeInstanceOf(S3Store);
  store = chosen as S3Store;
});

afterAll(async () => {
  store.close();
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

/** `total` random bytes in 64 KiB pieces, made only as the consumer asks for them. */
function lazySource(total: number, hash: ReturnType<typeof createHash>): Readable {
  let made = 0;
  return new Readable({
    read() {
      if (made >= total) return void this.push(null);
      const piece = randomBytes(Math.min(64 * 1024, total - made));
      made += piece.length;
      hash.update(piece);
      this.push(piece);
    },
  });
}

describe('createObjectStore', () => {
  it('keeps the local disk without S3_BUCKET and wants both S3 keys or neither', () => {
    expect(createObjectStore(loadConfig({ DATA_DIR: folder }))).toBeInstanceOf(LocalDiskStore);
    expect(() =>
      createObjectStore(loadConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'only-one' })),
    ).toThrow(/go together/);
  });
});

describe('S3Store against an S3-compatible server', () => {
  it('writes, stats, reads whole and by range, and removes', async () => {
    const written = await store.put('firmware/1/app.bin', Readable.from(['0123456789']));
    expect(written).toMatchObject({ key: 'firmware/1/app.bin', size: 10 });
    expect(await text(store.read('firmware/1/app.bin'))).toBe('0123456789');
    expect(await text(store.read('firmware/1/app.bin', { start: 3, end: 5 }))).toBe('345');
    await store.remove('firmware/1/app.bin');
    expect(await store.stat('firmware/1/app.bin')).toBeNull();
    await store.remove('firmware/1/app.bin');
  });

  it('streams an object larger than one part in and out (multipart upload)', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const sent = createHash('sha256');
    const written = await store.put('exports/big.bin', lazySource(size, sent));
    expect(written.size).toBe(size);
    const received = createHash('sha256');
    for await (const chunk of store.read('exports/big.bin')) received.update(chunk as Buffer);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
    const tail = await buffer(store.read('exports/big.bin', { start: size - 23, end: size - 1 }));
    expect(tail.length).toBe(23);
  });

  it('leaves no object when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024));
        this.destroy(new Error('link dropped'));
      },
    });
    await expect(store.put('exports/a.csv', failing)).rejects.toThrow();
    expect(await store.stat('exports/a.csv')).toBeNull();
  });

  it('errors the read stream of a missing object and refuses unsafe keys', async () => {
    await expect(text(store.read('exports/missing.csv'))).rejects.toThrow();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '']) {
      await expect(store.stat(key)).rejects.toThrow('invalid object key');
    }
  });
});
