import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from './local-disk-store.js';
import { failingSource, objectStoreCases } from '../test/fixtures/object-store.cases.js';

let root: string;
let store: LocalDiskStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'objects-'));
  store = new LocalDiskStore(root);
});

describe('LocalDiskStore', () => {
  objectStoreCases(() => store);

  it('leaves no partial file in the folder when the source stream fails', async () => {
    await expect(store.put('exports/a.csv', failingSource())).rejects.toThrow('link dropped');
    expect(await readdir(path.join(root, 'exports'))).toEqual([]);
  });
});
