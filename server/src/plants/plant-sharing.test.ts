import {
  bindPlantGateway,
  cancelPlantShare,
  editPlant,
  type Endpoint,
  type EndpointBody,
  ErrorCode,
  getPlant,
  plantDevices,
  plantShareUsers,
  sharePlant,
  transferPlant,
  unbindPlantGateway,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyWithStaff, uniqueEmail, buildSignedInOwner } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely, type EndpointCall } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const owner = () => buildSignedInOwner(t.deps);

/** Posts to an endpoint of the plant `plantId`, signed in with `token` when given. */
function post<E extends Endpoint>(
  endpoint: E,
  plantId: number,
  token: string | undefined,
  body: EndpointBody<E>,
) {
  return callEndpoint(t.app, endpoint, {
    params: { id: plantId } as EndpointCall<E>['params'],
    ...(token ? { token } : {}),
    body,
  });
}

/** The answer code to sharing the plant `plantId` with `account`, asked with `token`. */
async function shareCode(
  plantId: number,
  token: string | undefined,
  account: string,
  role: EndpointBody<typeof sharePlant>['role'] = 'visitor',
) {
  return (await post(sharePlant, plantId, token, { account, role })).code;
}

function shareOf(plantId: number, userId: number) {
  return t.deps.db
    .selectFrom('plant_shares')
    .select('role')
    .where('plant_id', '=', plantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('POST /api/v1/plant/:id/share', () => {
  it('answers 401, 2 without station.share, 4 on a bad role', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    expect(
      (await post(sharePlant, plant.id, undefined, { account: 'a@b.cd', role: 'visitor' })).status,
    ).toBe(401);
    const viewer = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect(await shareCode(plant.id, viewer.staffToken, 'a@b.cd')).toBe(ErrorCode.noPermission);
    const badRole = await callEndpointLoosely(t.app, sharePlant, {
      params: { id: plant.id },
      token,
      body: { account: 'a@b.cd', role: 'owner' },
    });
    expect(badRole.code).toBe(ErrorCode.validation);
  });

  it('answers each business code of section 6', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    expect(await shareCode(plant.id, token, uniqueEmail('nobody'))).toBe(
      ErrorCode.accountNotRegistered,
    );
    expect(await shareCode(plant.id, token, user.email)).toBe(ErrorCode.shareWithSelf);
    const company = await buildCompanyWithStaff(t.deps);
    expect(await shareCode(plant.id, token, company.staff.email)).toBe(
      ErrorCode.shareToCompanyUser,
    );

    const companyPlant = await buildPlant(t.deps, company.admin.id, {
      company_id: company.company.id,
    });
    const friend = await owner();
    const companyShare = await post(sharePlant, companyPlant.id, company.adminToken, {
      account: friend.user.email,
      role: 'visitor',
    });
    expect(companyShare.code).toBe(ErrorCode.shareCompanyPlant);

    // A manager of the plant is not its creator: only the creator shares.
    const manager = await owner();
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: manager.user.id, role: 'manager' })
      .execute();
    expect(await shareCode(plant.id, manager.token, friend.user.email)).toBe(
      ErrorCode.noPermission,
    );
    // Another tenant does not even see it.
    expect(await shareCode(plant.id, friend.token, manager.user.email)).toBe(
      ErrorCode.plantNotFound,
    );
    expect(await shareOf(plant.id, friend.user.id)).toBeUndefined();
  });

  it('shares, changes the role, lists and cancels; the visitor reads but may not edit', async () => {
    const { user, token } = await owner();
    const friend = await owner();
    const plant = await buildPlant(t.deps, user.id);
    expect(await shareCode(plant.id, token, friend.user.email)).toBe(0);
    const params = { id: plant.id };
    expect((await callEndpoint(t.app, getPlant, { params, token: friend.token })).code).toBe(0);
    const edit = await callEndpointLoosely(t.app, editPlant, {
      params,
      token: friend.token,
      body: { name: 'Mine now' },
    });
    expect(edit.code).toBe(ErrorCode.noPermission);
    expect(await shareCode(plant.id, token, friend.user.email, 'manager')).toBe(0);
    expect((await shareOf(plant.id, friend.user.id))?.role).toBe('manager');

    const users = await callEndpoint(t.app, plantShareUsers, { params, token });
    expect(users.data).toMatchObject({
      total: 1,
      infos: [{ account: friend.user.email, role: 'manager' }],
    });
    const stranger = await owner();
    const hidden = await callEndpoint(t.app, plantShareUsers, { params, token: stranger.token });
    expect(hidden.code).toBe(ErrorCode.plantNotFound);

    expect(
      (await post(cancelPlantShare, plant.id, friend.token, { account: friend.user.email })).code,
    ).toBe(ErrorCode.noPermission);
    expect(
      (await post(cancelPlantShare, plant.id, token, { account: uniqueEmail('ghost') })).code,
    ).toBe(ErrorCode.accountNotRegistered);
    expect(
      (await post(cancelPlantShare, plant.id, token, { account: friend.user.email })).code,
    ).toBe(0);
    expect(await shareOf(plant.id, friend.user.id)).toBeUndefined();
    expect((await callEndpoint(t.app, getPlant, { params, token: friend.token })).code).toBe(
      ErrorCode.plantNotFound,
    );
  });
});

describe('POST /api/v1/plant/:id/transfer', () => {
  it('answers 2, 105, 701, 702 and 700 where they apply', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const viewer = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect(
      (await post(transferPlant, plant.id, viewer.staffToken, { account: user.email })).code,
    ).toBe(ErrorCode.noPermission);
    expect(
      (await post(transferPlant, plant.id, token, { account: uniqueEmail('nobody') })).code,
    ).toBe(ErrorCode.accountNotRegistered);
    expect((await post(transferPlant, plant.id, token, { account: user.email })).code).toBe(
      ErrorCode.shareWithSelf,
    );
    const company = await buildCompanyWithStaff(t.deps);
    expect(
      (await post(transferPlant, plant.id, token, { account: company.staff.email })).code,
    ).toBe(ErrorCode.shareToCompanyUser);
    const manager = await owner();
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: manager.user.id, role: 'manager' })
      .execute();
    expect(
      (await post(transferPlant, plant.id, manager.token, { account: manager.user.email })).code,
    ).toBe(ErrorCode.noPermission);
    expect(
      (await post(transferPlant, plant.id, company.adminToken, { account: manager.user.email }))
        .code,
    ).toBe(ErrorCode.plantNotFound);
    const unchanged = await t.deps.db
      .selectFrom('plants')
      .select('owner_user_id')
      .where('id', '=', plant.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.owner_user_id).toBe(user.id);
  });

  it('makes the account the owner and removes its share', async () => {
    const { user, token } = await owner();
    const heir = await owner();
    const plant = await buildPlant(t.deps, user.id);
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: heir.user.id, role: 'visitor' })
      .execute();
    expect((await post(transferPlant, plant.id, token, { account: heir.user.email })).code).toBe(0);
    const row = await t.deps.db
      .selectFrom('plants')
      .select('owner_user_id')
      .where('id', '=', plant.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_user_id).toBe(heir.user.id);
    expect(await shareOf(plant.id, heir.user.id)).toBeUndefined();
    expect((await callEndpoint(t.app, getPlant, { params: { id: plant.id }, token })).code).toBe(
      ErrorCode.plantNotFound,
    );
  });
});

describe('gateway binding', () => {
  it('answers 305, 300, 301, binds, lists devices and unbinds', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const otherPlant = await buildPlant(t.deps, user.id);
    const free = await buildDatalogger(t.deps, { key: 'SECRET01' });
    const taken = await buildDatalogger(t.deps, { plantId: otherPlant.id, key: 'SECRET02' });
    await buildDevice(t.deps, free.id, {
      kind: 'inverter',
      status: 'normal',
      lastValues: { pac_w: 1200, e_day_kwh: 3.5, bogus: 1, pv: [{ v: 380.5, i: 3.2 }] },
    });

    expect(
      (await post(bindPlantGateway, plant.id, undefined, { sn: free.sn, key: 'SECRET01' })).status,
    ).toBe(401);
    expect((await post(bindPlantGateway, plant.id, token, { sn: 'x', key: 'SECRET01' })).code).toBe(
      ErrorCode.validation,
    );
    expect(
      (await post(bindPlantGateway, plant.id, token, { sn: 'NOSUCHLOGGER', key: 'SECRET01' })).code,
    ).toBe(ErrorCode.dataloggerNotFound);
    expect(
      (await post(bindPlantGateway, plant.id, token, { sn: free.sn, key: 'WRONGKEY' })).code,
    ).toBe(ErrorCode.dataloggerCredentials);
    expect(
      (await post(bindPlantGateway, plant.id, token, { sn: taken.sn, key: 'SECRET02' })).code,
    ).toBe(ErrorCode.dataloggerInUse);
    const viewer = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect(
      (await post(bindPlantGateway, plant.id, viewer.staffToken, { sn: free.sn, key: 'SECRET01' }))
        .code,
    ).toBe(ErrorCode.noPermission);
    const stranger = await owner();
    expect(
      (await post(bindPlantGateway, plant.id, stranger.token, { sn: free.sn, key: 'SECRET01' }))
        .code,
    ).toBe(ErrorCode.plantNotFound);

    expect(
      (await post(bindPlantGateway, plant.id, token, { sn: free.sn, key: 'SECRET01' })).code,
    ).toBe(0);
    expect(
      (await post(bindPlantGateway, plant.id, token, { sn: free.sn, key: 'SECRET01' })).code,
    ).toBe(0);

    const devices = await callEndpoint(t.app, plantDevices, { params: { id: plant.id }, token });
    expect(devices.data.dataloggers).toHaveLength(1);
    expect(devices.data.dataloggers[0]?.devices[0]).toMatchObject({
      kind: 'inverter',
      values: { pac_w: 1200, e_day_kwh: 3.5, pv1_v: 380.5, pv1_i: 3.2 },
    });
    expect(devices.data.dataloggers[0]?.devices[0]?.values).not.toHaveProperty('bogus');

    expect((await post(unbindPlantGateway, plant.id, token, { sn: taken.sn })).code).toBe(
      ErrorCode.dataloggerNotFound,
    );
    expect((await post(unbindPlantGateway, plant.id, token, { sn: free.sn })).code).toBe(0);
    const row = await t.deps.db
      .selectFrom('dataloggers')
      .select('plant_id')
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(row.plant_id).toBeNull();
  });
});
