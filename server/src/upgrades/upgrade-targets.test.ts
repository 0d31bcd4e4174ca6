import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnabledUser } from '../auth/auth-context.js';
import { buildDatalogger, buildPlant } from '../test/fixtures/plants.factories.js';
import { buildUser } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { findUpgradeTarget } from './upgrade-targets.js';

const DATALOGGER_FIRMWARE = 1;

let t: TestApp;
let sn: string;
let plantId: number;
let ownerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ownerId = (await buildUser(t.deps)).id;
  plantId = (await buildPlant(t.deps, ownerId)).id;
  sn = `TGT${randomUUID().slice(0, 8)}`;
  await buildDatalogger(t.deps, { plantId, sn });
});

async function sharedWith(role: 'visitor' | 'manager') {
  const user = await buildUser(t.deps);
  await t.deps.db
    .insertInto('plant_shares')
    .values({ plant_id: plantId, user_id: user.id, role })
    .execute();
  return (await loadEnabledUser(t.deps.db, user.id))!.context;
}

const targetFor = async (userId: number) =>
  findUpgradeTarget(
    t.deps.db,
    (await loadEnabledUser(t.deps.db, userId))!.context,
    sn,
    DATALOGGER_FIRMWARE,
  );

describe('datalogger upgrade targets', () => {
  it('are the dataloggers the caller manages: the owner and a managing share', async () => {
    expect(await targetFor(ownerId)).toMatchObject({ sn, kind: 'datalogger', plantId });
    const manager = await sharedWith('manager');
    await expect(
      findUpgradeTarget(t.deps.db, manager, sn, DATALOGGER_FIRMWARE),
    ).resolves.toMatchObject({ sn });
  });

  it('are not those the caller only sees (a visitor share) or does not see at all', async () => {
    const visitor = await sharedWith('visitor');
    await expect(
      findUpgradeTarget(t.deps.db, visitor, sn, DATALOGGER_FIRMWARE),
    ).rejects.toMatchObject({ code: ErrorCode.deviceNotFound });
    const stranger = (await buildUser(t.deps)).id;
    await expect(targetFor(stranger)).rejects.toMatchObject({ code: ErrorCode.deviceNotFound });
  });
});
