import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseNotifications } from '../db/notifications.js';
import type { Database } from '../db/schema.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { EnabledUserCache } from './enabled-user-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
let queries = 0;
const countingDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: inject('databaseUrl') }) }),
  log: () => {
    queries += 1;
  },
});
const notifications = new DatabaseNotifications(inject('databaseUrl'), pino({ level: 'silent' }));
const cache = new EnabledUserCache(countingDb, notifications);
let staffId = 0;
let roleId = 0;

/** How many queries one look-up of the staff member made: 0 when it was served from the cache. */
async function queriesOfOneLookUp(): Promise<number> {
  const before = queries;
  await cache.get(staffId);
  return queries - before;
}

const poll = { timeout: 3000, interval: 20 };

beforeAll(async () => {
  const { staff, role } = await buildCompanyWithStaff(t.deps);
  staffId = staff.id;
  roleId = role.id;
});

afterAll(async () => {
  await cache.stop();
  await notifications.stop();
  await countingDb.destroy();
});

describe('the sign-in cache', () => {
  it('opens the notification channel on its first look-up and keeps entries once it listens', async () => {
    expect(await queriesOfOneLookUp()).toBe(1);
    await expect.poll(queriesOfOneLookUp, poll).toBe(0);
  });

  it('serves a cached account, and drops it when the database notifies that the role changed', async () => {
    expect(await queriesOfOneLookUp()).toBe(0);
    await t.deps.db
      .updateTable('roles')
      .set({ permissions: ['station.view', 'company.info'] })
      .where('id', '=', roleId)
      .execute();
    await expect
      .poll(async () => (await cache.get(staffId))?.context.permissions.has('company.info'), poll)
      .toBe(true);
  });

  it('answers null soon after another connection disables the account', async () => {
    await expect.poll(queriesOfOneLookUp, poll).toBe(0);
    await t.deps.db
      .updateTable('users')
      .set({ is_enabled: false })
      .where('id', '=', staffId)
      .execute();
    await expect.poll(() => cache.get(staffId), poll).toBeNull();
  });

  it('is emptied by clear, and loads from the database after stop', async () => {
    await expect.poll(queriesOfOneLookUp, poll).toBe(0);
    cache.clear();
    expect(await queriesOfOneLookUp()).toBe(1);
    await cache.stop();
    expect(await queriesOfOneLookUp()).toBe(1);
    expect(await queriesOfOneLookUp()).toBe(1);
  });
});
