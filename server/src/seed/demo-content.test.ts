import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import { seedDemoContent } from './demo-content.js';

describe('seedDemoContent', () => {
  it('adds the demo versions and one unpublished notice, once', async () => {
    const t = await buildTestApp();
    await seedDemoContent(t.deps);
    await seedDemoContent(t.deps);
    const versions = await t.deps.db
      .selectFrom('versions')
      .select(['version', 'notes'])
      .where('version', 'in', ['1.0.0', '1.1.0'])
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
    expect(Object.keys(versions[1]?.notes ?? {})).toEqual(expect.arrayContaining(['en', 'zh']));
    const notices = await t.deps.db
      .selectFrom('notices')
      .select('status')
      .where('en_desc', 'like', '%(demo notice)%')
      .execute();
    expect(notices).toEqual([{ status: 1 }]);
  });
});
