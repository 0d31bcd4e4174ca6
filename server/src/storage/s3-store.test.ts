import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { objectStoreCases } from '../test/fixtures/object-store.cases.js';
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

describe('S3Store against an S3-compatible server', () => {
  objectStoreCases(() => store);

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
});
