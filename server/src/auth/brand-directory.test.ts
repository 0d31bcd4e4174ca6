import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../db/database.js';
import { BrandDirectory } from './brand-directory.js';

let db: Db;

beforeAll(() => {
  db = createDb(inject('databaseUrl'));
});

afterAll(async () => {
  await db.destroy();
});

async function brandWithHost() {
  const suffix = randomBytes(5).toString('hex');
  const brand = await db
    .insertInto('brands')
    .values({
      key: `d-${suffix}`,
      name: 'Directory Brand',
      primary_color: '#112233',
      sign_in_title: '{}',
      footer_text: '{}',
      agreement: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const host = `directory-${suffix}.test`;
  await db.insertInto('brand_hosts').values({ brand_id: brand.id, host }).execute();
  return { id: brand.id, key: `d-${suffix}`, host };
}

describe('brand directory', () => {
  it('answers from its cache until told to forget, then reads the change', async () => {
    const directory = new BrandDirectory(db);
    const brand = await brandWithHost();
    expect(await directory.brandIdFor(undefined, brand.host)).toBe(brand.id);
    expect(await directory.brandIdFor(brand.key, 'unknown.test')).toBe(brand.id);
    await db.deleteFrom('brand_hosts').where('host', '=', brand.host).execute();
    expect(await directory.brandIdFor(undefined, brand.host)).toBe(brand.id);
    directory.forget();
    expect(await directory.brandIdFor(undefined, brand.host)).toBeNull();
    expect(await directory.brandIdFor(brand.key, 'unknown.test')).toBe(brand.id);
  });

  it('answers null for no marker and an unknown host: the default brand', async () => {
    const directory = new BrandDirectory(db);
    expect(await directory.brandIdFor(undefined, 'nobody.test')).toBeNull();
    expect(await directory.brandIdFor('no-such-brand', 'nobody.test')).toBeNull();
  });

  it('keeps answering real brands from memory however many unknown markers arrive', async () => {
    const directory = new BrandDirectory(db);
    const brand = await brandWithHost();
    expect(await directory.brandIdFor(brand.key, 'unknown.test')).toBe(brand.id);
    await Promise.all(
      Array.from({ length: 20_000 }, (_, n) => directory.brandIdFor(`noise-${n}`, `h${n}.test`)),
    );
    await db.deleteFrom('brands').where('id', '=', brand.id).execute();
    expect(await directory.brandIdFor(brand.key, 'unknown.test'), 'still the held brand').toBe(
      brand.id,
    );
  });
});
