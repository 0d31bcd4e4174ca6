import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { DESCRIPTOR_CODES, EVENT_DESCRIPTORS } from './descriptor-catalogue.js';
import { seedEventDescriptors } from './descriptor-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('seedEventDescriptors', () => {
  it('holds the whole catalogue after start, and puts back a changed descriptor', async () => {
    const catalogued = EVENT_DESCRIPTORS[0]!;
    const stored = await t.deps.db
      .selectFrom('event_descriptors')
      .select('code')
      .where('code', 'in', DESCRIPTOR_CODES)
      .execute();
    expect(stored).toHaveLength(DESCRIPTOR_CODES.length);

    // Inside a transaction that is rolled back, so parallel test files never see the change.
    const changeAndReseed = t.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('event_descriptors')
        .set({ level: 99, texts: JSON.stringify({ en: { text: 'stale', suggestion: '' } }) })
        .where('code', '=', catalogued.code)
        .execute();
      await seedEventDescriptors(trx);
      const restored = await trx
        .selectFrom('event_descriptors')
        .select(['level', 'texts'])
        .where('code', '=', catalogued.code)
        .executeTakeFirstOrThrow();
      expect(restored).toEqual({ level: catalogued.level, texts: catalogued.texts });
      throw new Error('roll back');
    });
    await expect(changeAndReseed).rejects.toThrow('roll back');
  });
});
