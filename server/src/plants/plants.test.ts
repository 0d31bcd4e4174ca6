import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type EndpointBody, ErrorCode } from '@solar/contract';
import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompanyWithStaff,
  buildUser,
  tokenFor,
  buildSignedInOwner,
} from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';
import {
  buildDatalogger,
  buildPlant,
  buildPlantWithDevices,
} from '../test/fixtures/plants.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
});

const owner = () => buildSignedInOwner(t.deps);

async function share(plantId: number, userId: number, role: 'visitor' | 'manager') {
  await t.deps.db
    .insertInto('plant_shares')
    .values({ plant_id: plantId, user_id: userId, role })
    .execute();
}

function storedPlant(id: number) {
  return t.deps.db.selectFrom('plants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const validPlant = {
  name: 'Sunny Hill',
  capacityKwp: 12.5,
  plantType: 'grid',
  timeZone: 'Europe/Berlin',
} satisfies EndpointBody<typeof api.createPlant>;

describe('GET /api/v1/plants', () => {
  it('answers 401 without a token and 2 without station.view', async () => {
    expect((await callEndpoint(t.app, api.listPlants)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['equip.view']);
    const res = await callEndpoint(t.app, api.listPlants, { token: staffToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('answers 4 on an unknown status filter', async () => {
    const { token } = await owner();
    const res = await callEndpointLoosely(t.app, api.listPlants, {
      query: { status: 'sleeping' },
      token,
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('lists own and shared plants with derived status, power and today energy', async () => {
    const { user, token } = await owner();
    const stranger = await owner();
    const { plant: faulty } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', status: 'normal', lastValues: { pac_w: 1500, e_day_kwh: 4 } },
      { kind: 'inverter', status: 'fault', lastValues: { pac_w: 500, e_day_kwh: 1 } },
    ]);
    const { plant: asleep } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', status: 'offline', lastValues: { pac_w: 900 } },
    ]);
    const { plant: partlyOffline } = await buildPlantWithDevices(t.deps, user.id, [
      { kind: 'inverter', status: 'normal', lastValues: { pac_w: 300 } },
      { kind: 'meter', status: 'offline', lastValues: {} },
    ]);
    const empty = await buildPlant(t.deps, user.id, { plant_type: 'dc_coupled' });
    const shared = await buildPlant(t.deps, stranger.user.id);
    await share(shared.id, user.id, 'visitor');
    await buildPlant(t.deps, stranger.user.id);

    const res = await callEndpoint(t.app, api.listPlants, {
      query: { sort: 'power', order: 'desc' },
      token,
    });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(5);
    const byId = new Map(res.data.infos.map((p) => [p.id, p]));
    expect(byId.get(faulty.id)).toMatchObject({
      status: 'fault',
      powerW: 2000,
      todayKwh: 5,
      access: 'manage',
    });
    expect(byId.get(asleep.id)).toMatchObject({ status: 'offline', powerW: 0 });
    expect(byId.get(partlyOffline.id)).toMatchObject({ status: 'warning', powerW: 300 });
    expect(byId.get(empty.id)?.status).toBe('offline');
    expect(byId.get(shared.id)?.access).toBe('read');
    expect(res.data.infos[0]?.id).toBe(faulty.id);
  });

  it('searches by name and filters by status and type', async () => {
    const { user, token } = await owner();
    await buildPlantWithDevices(t.deps, user.id, [{ status: 'warning' }], { name: 'Alpha Roof' });
    await buildPlant(t.deps, user.id, { name: 'Beta_Field', plant_type: 'ac_coupled' });
    const byName = await callEndpoint(t.app, api.listPlants, { query: { name: 'alpha' }, token });
    expect(byName.data.infos.map((p) => p.name)).toEqual(['Alpha Roof']);
    const underscore = await callEndpoint(t.app, api.listPlants, {
      query: { name: 'ha_r' },
      token,
    });
    expect(underscore.data.infos).toHaveLength(0);
    const byStatus = await callEndpoint(t.app, api.listPlants, {
      query: { status: 'warning' },
      token,
    });
    expect(byStatus.data.infos.map((p) => p.name)).toEqual(['Alpha Roof']);
    const byType = await callEndpoint(t.app, api.listPlants, {
      query: { plantType: 'ac_coupled', sort: 'name', order: 'asc' },
      token,
    });
    expect(byType.data.infos.map((p) => p.name)).toEqual(['Beta_Field']);
  });

  it('counts every matching plant on each page, past the last one included', async () => {
    const { user, token } = await owner();
    for (const name of ['Gamma', 'Delta', 'Epsilon']) await buildPlant(t.deps, user.id, { name });
    const pageOf = (page: number) =>
      callEndpoint(t.app, api.listPlants, {
        query: { sort: 'name', order: 'asc', page, size: 2 },
        token,
      });
    const [second, past] = [await pageOf(2), await pageOf(3)];
    expect(second.data).toMatchObject({ total: 3, infos: [{ name: 'Gamma' }] });
    expect(past.data).toEqual({ total: 3, infos: [] });
    const none = await callEndpoint(t.app, api.listPlants, { query: { name: 'zeta' }, token });
    expect(none.data).toEqual({ total: 0, infos: [] });
  });

  it('shows a company its plants and not those of another company', async () => {
    const a = await buildCompanyWithStaff(t.deps, ['station.view']);
    const b = await buildCompanyWithStaff(t.deps, ['station.view']);
    const plantA = await buildPlant(t.deps, a.admin.id, { company_id: a.company.id });
    await buildPlant(t.deps, b.admin.id, { company_id: b.company.id });
    const res = await callEndpoint(t.app, api.listPlants, { token: a.staffToken });
    expect(res.data.infos.map((p) => p.id)).toEqual([plantA.id]);
    expect(res.data.infos[0]?.access).toBe('read');
  });
});

describe('GET /api/v1/plants/map and /api/v1/plant/filter', () => {
  it('maps plants with coordinates and counts plants per status and type', async () => {
    const { user, token } = await owner();
    const located = await buildPlant(t.deps, user.id, { latitude: 48.1, longitude: 11.5 });
    await buildPlant(t.deps, user.id, { plant_type: 'ac_coupled' });
    await buildPlantWithDevices(t.deps, user.id, [{ status: 'normal' }]);
    const map = await callEndpoint(t.app, api.plantsMap, { token });
    expect(map.data.infos).toEqual([
      {
        id: located.id,
        name: located.name,
        lat: 48.1,
        lng: 11.5,
        status: 'offline',
        capacityKwp: 10,
      },
    ]);
    const filter = await callEndpoint(t.app, api.plantFilterOptions, { token });
    expect(filter.data.total).toBe(3);
    expect(filter.data.statuses.find((s) => s.status === 'offline')?.count).toBe(2);
    expect(filter.data.statuses.find((s) => s.status === 'normal')?.count).toBe(1);
    expect(filter.data.plantTypes.find((s) => s.plantType === 'ac_coupled')?.count).toBe(1);
    expect((await callEndpoint(t.app, api.plantFilterOptions)).status).toBe(401);
  });
});

describe('GET /api/v1/plant/:id', () => {
  it('answers the detail to readers and 700 to anyone else', async () => {
    const { user } = await owner();
    const visitor = await owner();
    const plant = await buildPlant(t.deps, user.id, { time_zone: 'Asia/Tokyo' });
    await share(plant.id, visitor.user.id, 'visitor');
    const res = await callEndpoint(t.app, api.getPlant, {
      params: { id: plant.id },
      token: visitor.token,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: plant.id,
      timeZone: 'Asia/Tokyo',
      access: 'read',
      ownerAccount: user.email,
      isCompanyPlant: false,
      status: 'offline',
    });
    const other = await buildCompanyWithStaff(t.deps);
    const refused = await callEndpoint(t.app, api.getPlant, {
      params: { id: plant.id },
      token: other.adminToken,
    });
    expect(refused.code).toBe(ErrorCode.plantNotFound);
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const asAdmin = await callEndpoint(t.app, api.getPlant, {
      params: { id: plant.id },
      token: await tokenFor(t.deps, admin.id),
    });
    expect(asAdmin.data.access).toBe('manage');
    const bad = await callEndpoint(t.app, api.getPlant, {
      params: { id: 'abc' },
      token: visitor.token,
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});

describe('POST /api/v1/plant', () => {
  it('answers 401, 2 without station.create, and 4 on each broken rule', async () => {
    expect((await callEndpoint(t.app, api.createPlant, { body: validPlant })).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['station.view']);
    const denied = await callEndpoint(t.app, api.createPlant, {
      token: staffToken,
      body: validPlant,
    });
    expect(denied.code).toBe(ErrorCode.noPermission);

    const { token } = await owner();
    const broken: Record<string, unknown>[] = [
      { capacityKwp: 50001 },
      { capacityKwp: -1 },
      { generationOffsetKwh: 1.25 },
      { generationOffsetKwh: 500000.1 },
      { timeZone: 'Mars/Olympus' },
      { plantType: 'offgrid' },
      { currency: 'XXX' },
      { constantPrice: 10000 },
      { name: '' },
      { name: 'bad<name>' },
      { valuationMethod: 'time_of_use' },
      { valuationMethod: 'generation' },
      { valuationMethod: 'generation', generationTiers: [{ fromKwh: 10, price: 0.1 }] },
      {
        valuationMethod: 'time_of_use',
        touSegments: [{ start: '00:00', end: '12:00', price: 0.1 }],
      },
      {
        valuationMethod: 'time_of_use',
        touSegments: [
          { start: '00:00', end: '08:00', price: 0.1 },
          { start: '09:00', end: '24:00', price: 0.2 },
        ],
      },
      {
        valuationMethod: 'time_of_use',
        touSegments: Array.from({ length: 7 }, (_, i) => ({
          start: `${String(i * 3).padStart(2, '0')}:00`,
          end: i === 6 ? '24:00' : `${String(i * 3 + 3).padStart(2, '0')}:00`,
          price: 0.1,
        })),
      },
      { contacts: [{ name: 'A', phone: 'abc' }] },
      { admin: true },
    ];
    for (const change of broken) {
      const res = await callEndpoint(t.app, api.createPlant, {
        token,
        body: { ...validPlant, ...change },
      });
      expect(res.code, JSON.stringify(change)).toBe(ErrorCode.validation);
    }
  });

  it('creates a private plant owned by the caller with every setting', async () => {
    const { user, token } = await owner();
    const res = await callEndpoint(t.app, api.createPlant, {
      token,
      body: {
        ...validPlant,
        generationOffsetKwh: -120.5,
        currency: 'USD',
        valuationMethod: 'time_of_use',
        touSegments: [
          { start: '00:00', end: '07:30', price: 0.1 },
          { start: '07:30', end: '24:00', price: 0.25 },
        ],
        contacts: [{ name: 'Ann', phone: '+49 123', email: 'ann@example.com' }],
        regionCountry: 'DE',
        regionState: 'BY',
        regionCity: 'Munich',
        commissioningDate: '2024-05-01',
      },
    });
    expect(res.code).toBe(0);
    const plant = await storedPlant(res.data.id);
    expect(plant).toMatchObject({
      owner_user_id: user.id,
      company_id: null,
      currency: 'USD',
      generation_offset_kwh: -120.5,
    });
    const detail = await callEndpoint(t.app, api.getPlant, { params: { id: res.data.id }, token });
    expect(detail.msg).toBe('success');
    expect(detail.data.touSegments).toHaveLength(2);
    expect(detail.data.contacts[0]).toEqual({
      name: 'Ann',
      phone: '+49 123',
      email: 'ann@example.com',
    });
    expect(detail.data.access).toBe('manage');
    expect(detail.data.commissioningDate).toBe('2024-05-01');
  });

  it('gives a plant created by company staff to their company', async () => {
    const { company, staffToken } = await buildCompanyWithStaff(t.deps, [
      'station.view',
      'station.create',
    ]);
    const res = await callEndpoint(t.app, api.createPlant, { token: staffToken, body: validPlant });
    expect((await storedPlant(res.data.id)).company_id).toBe(company.id);
  });
});

describe('POST /api/v1/plant/:id (edit, info, income, contacts)', () => {
  it('lets managers edit and refuses visitors (2) and other tenants (700) without change', async () => {
    const { user, token } = await owner();
    const visitor = await owner();
    const manager = await owner();
    const plant = await buildPlant(t.deps, user.id, { name: 'Before' });
    await share(plant.id, visitor.user.id, 'visitor');
    await share(plant.id, manager.user.id, 'manager');
    const other = await buildCompanyWithStaff(t.deps);

    const editAs = (editorToken: string, body: EndpointBody<typeof api.editPlant>) =>
      callEndpoint(t.app, api.editPlant, { params: { id: plant.id }, token: editorToken, body });

    const asVisitor = await editAs(visitor.token, { name: 'Visitor' });
    expect(asVisitor.code).toBe(ErrorCode.noPermission);
    const asOther = await editAs(other.adminToken, { name: 'Other' });
    expect(asOther.code).toBe(ErrorCode.plantNotFound);
    expect((await storedPlant(plant.id)).name).toBe('Before');

    const asManager = await editAs(manager.token, { name: 'After', capacityKwp: 50000 });
    expect(asManager.code).toBe(0);
    const info = await callEndpoint(t.app, api.editPlantInfo, {
      params: { id: plant.id },
      token,
      body: {
        ...validPlant,
        name: 'Info',
        timeZone: 'America/New_York',
        generationOffsetKwh: 500000,
      },
    });
    expect(info.code).toBe(0);
    const income = await callEndpoint(t.app, api.editPlantIncome, {
      params: { id: plant.id },
      token,
      body: {
        currency: 'GBP',
        valuationMethod: 'generation',
        generationTiers: [
          { fromKwh: 0, price: 0.3 },
          { fromKwh: 1000, price: 0.1 },
        ],
      },
    });
    expect(income.code).toBe(0);
    const contacts = await callEndpoint(t.app, api.editPlantContacts, {
      params: { id: plant.id },
      token,
      body: { contacts: [{ name: 'Bob', phone: '', email: '' }] },
    });
    expect(contacts.code).toBe(0);
    const detail = await callEndpoint(t.app, api.getPlant, { params: { id: plant.id }, token });
    expect(detail.data).toMatchObject({
      name: 'Info',
      timeZone: 'America/New_York',
      generationOffsetKwh: 500000,
      currency: 'GBP',
      valuationMethod: 'generation',
      contacts: [{ name: 'Bob', phone: '', email: '' }],
    });
    expect(detail.data.generationTiers).toHaveLength(2);
    const missingFields = await callEndpointLoosely(t.app, api.editPlantInfo, {
      params: { id: plant.id },
      token,
      body: { name: 'x' },
    });
    expect(missingFields.code).toBe(ErrorCode.validation);
  });

  it('lets company staff with station.edit manage company plants; station.view only reads', async () => {
    const editors = await buildCompanyWithStaff(t.deps, ['station.view', 'station.edit']);
    const readers = await buildCompanyWithStaff(t.deps, ['station.view']);
    const plant = await buildPlant(t.deps, editors.admin.id, { company_id: editors.company.id });
    const edited = await callEndpoint(t.app, api.editPlant, {
      params: { id: plant.id },
      token: editors.staffToken,
      body: { name: 'Staff edit' },
    });
    expect(edited.code).toBe(0);
    const readerPlant = await buildPlant(t.deps, readers.admin.id, {
      company_id: readers.company.id,
    });
    const refused = await callEndpoint(t.app, api.editPlant, {
      params: { id: readerPlant.id },
      token: readers.staffToken,
      body: { name: 'x' },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
  });
});

describe('POST /api/v1/plant/:id/delete', () => {
  it('lets only the owner, company admin or platform admin delete', async () => {
    const { user, token } = await owner();
    const manager = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
    await share(plant.id, manager.user.id, 'manager');
    const asManager = await callEndpoint(t.app, api.deletePlant, {
      params: { id: plant.id },
      token: manager.token,
    });
    expect(asManager.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps);
    const asOther = await callEndpoint(t.app, api.deletePlant, {
      params: { id: plant.id },
      token: other.adminToken,
    });
    expect(asOther.code).toBe(ErrorCode.plantNotFound);

    const res = await callEndpoint(t.app, api.deletePlant, { params: { id: plant.id }, token });
    expect(res.code).toBe(0);
    expect(
      await t.deps.db
        .selectFrom('plants')
        .select('id')
        .where('id', '=', plant.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const unbound = await t.deps.db
      .selectFrom('dataloggers')
      .select('plant_id')
      .where('id', '=', datalogger.id)
      .executeTakeFirstOrThrow();
    expect(unbound.plant_id).toBeNull();

    const company = await buildCompanyWithStaff(t.deps, ['station.view', 'station.delete']);
    const companyPlant = await buildPlant(t.deps, company.admin.id, {
      company_id: company.company.id,
    });
    const asStaff = await callEndpoint(t.app, api.deletePlant, {
      params: { id: companyPlant.id },
      token: company.staffToken,
    });
    expect(asStaff.code).toBe(ErrorCode.noPermission);
    const staffPlant = await buildPlant(t.deps, company.staff.id, {
      company_id: company.company.id,
    });
    const asAdmin = await callEndpoint(t.app, api.deletePlant, {
      params: { id: staffPlant.id },
      token: company.adminToken,
    });
    expect(asAdmin.code).toBe(0);
  });
});

describe('POST /api/v1/plant/:id/thumbnail', () => {
  it('stores a PNG, serves it, and refuses other types and big files', async () => {
    const { user, token } = await owner();
    const plant = await buildPlant(t.deps, user.id);
    const upload = (file: Buffer, name: string, as = token) => {
      const { payload, headers } = multipartFile(file, name, 'application/octet-stream');
      return callEndpointLoosely(t.app, api.uploadPlantPicture, {
        params: { id: plant.id },
        token: as,
        body: payload,
        headers,
      });
    };

    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'x.png');
    expect(gif.code).toBe(ErrorCode.validation);
    const big = await upload(Buffer.concat([PNG_BYTES, Buffer.alloc(3 * 1024 * 1024)]), 'big.png');
    expect(big.code).toBe(ErrorCode.validation);
    const visitor = await owner();
    await share(plant.id, visitor.user.id, 'visitor');
    expect((await upload(PNG_BYTES, 'a.png', visitor.token)).code).toBe(ErrorCode.noPermission);

    const res = await upload(PNG_BYTES, 'a.png');
    expect(res.code).toBe(0);
    expect(res.data.pictureUrl).toMatch(/^\/uploads\/plants\/\d+-[0-9a-f]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.data.pictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    for (const url of [
      '/uploads/plants/../secrets/jwt-secret',
      '/uploads/plants/..%2F..%2Fsecrets%2Fjwt-secret',
    ]) {
      const traversal = await t.app.inject({ method: 'GET', url });
      expect(traversal.body).not.toContain(
        await readFile(path.join(t.deps.config.DATA_DIR, 'secrets', 'jwt-secret'), 'utf8'),
      );
    }
  });
});
