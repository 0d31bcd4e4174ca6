import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { ObjectStore } from './object-store.js';

/** A source that sends a little, then fails as a dropped upload does. */
export function failingSource(): Readable {
  return new Readable({
    read() {
      this.push(randomBytes(1024));
      this.destroy(new Error('link dropped'));
    },
  });
}

/**
 * What every object store does, one set of cases each store's test runs against the real store:
 * `storeOf` answers the store once the test's set-up (a folder, an S3-compatible server) is done.
 */
export function objectStoreCases(storeOf: () => ObjectStore): void {
  it('writes, stats, reads whole and by range, and removes', async () => {
    const store = storeOf();
    const written = await store.put('firmware/1/app.bin', Readable.from(['0123456789']));
    expect(written).toMatchObject({ key: 'firmware/1/app.bin', size: 10 });
    expect(await store.stat('firmware/1/app.bin')).toMatchObject({ size: 10 });
    expect(await text(store.read('firmware/1/app.bin'))).toBe('0123456789');
    expect(await text(store.read('firmware/1/app.bin', { start: 3, end: 5 }))).toBe('345');
    await store.remove('firmware/1/app.bin');
    expect(await store.stat('firmware/1/app.bin')).toBeNull();
    await store.remove('firmware/1/app.bin');
  });

  it('leaves no object when the source stream fails', async () => {
    const store = storeOf();
    await expect(store.put('exports/a.csv', failingSource())).rejects.toThrow();
    expect(await store.stat('exports/a.csv')).toBeNull();
  });

  it('errors the read stream of a missing object and refuses unsafe keys', async () => {
    const store = storeOf();
    await expect(text(store.read('exports/missing.csv'))).rejects.toThrow();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '']) {
      await expect(store.stat(key)).rejects.toThrow('invalid object key');
    }
  });
}
