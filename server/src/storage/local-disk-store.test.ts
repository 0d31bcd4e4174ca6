import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from './local-disk-store.js';

let root: string;
let store: LocalDiskStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'objects-'));
  store = new LocalDiskStore(root);
});

describe('LocalDiskStore', () => {
  it('writes, stats, reads whole and by range, and removes', async () => {
    const written = await store.put('firmware/1/app.bin', Readable.from(['0123456789']));
    expect(written).toMatchObject({ key: 'firmware/1/app.bin', size: 10 });
    expect(await text(store.read('firmware/1/app.bin'))).toBe('0123456789');
    expect(await text(store.read('firmware/1/app.bin', { start: 3, end: 5 }))).toBe('345');
    await store.remove('firmware/1/app.bin');
    expect(await store.stat('firmware/1/app.bin')).toBeNull();
    await store.remove('firmware/1/app.bin');
  });

  it('leaves no partial object when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push('half');
        this.destroy(new Error('link dropped'));
      },
    });
    await expect(store.put('exports/a.csv', failing)).rejects.toThrow('link dropped');
    expect(await store.stat('exports/a.csv')).toBeNull();
    expect(await readdir(path.join(root, 'exports'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '']) {
      await expect(store.stat(key)).rejects.toThrow('invalid object key');
    }
  });
});
