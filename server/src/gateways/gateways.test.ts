import {
  checkGateways,
  createGateway,
  deleteGateway,
  ErrorCode,
  getGateway,
  getGatewayProtocol,
  listGateways,
  renameGateway,
  setGatewayProtocol,
  switchGatewaySettings,
  unbindGateway,
  unbindPlantGateway,
  bindPlantGateway,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPlant, buildDevice } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import {
  buildCompanyWithStaff,
  buildRole,
  buildSignedInOwner,
  buildUser,
  tokenFor,
} from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildGateway, gatewaySn } from '../test/fixtures/gateways.factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
});

/** A company with a plant, a gateway on it reporting now, and one in its stock. */
async function companyWithGateways() {
  const company = await buildCompanyWithStaff(t.deps, [
    'station.view',
    'equip.view',
    'gateway.view',
  ]);
  const plant = await buildPlant(t.deps, company.admin.id, {
    name: 'Gateway plant',
    company_id: company.company.id,
  });
  const bound = await buildGateway(t.deps, {
    plantId: plant.id,
    ownerCompanyId: company.company.id,
    lastOnlineAt: new Date(),
    signalStrength: 77,
    softwareVersion: 'V2.1',
    alias: 'Roof',
  });
  await buildDevice(t.deps, bound.id);
  const stock = await buildGateway(t.deps, { ownerCompanyId: company.company.id });
  return { ...company, plant, bound, stock };
}

describe('GET /api/v1/gateways', () => {
  it('answers 401 without a token, 2 without gateway.view and 4 on a bad status', async () => {
    expect((await callEndpoint(t.app, listGateways)).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await callEndpoint(t.app, listGateways, { token: staffToken })).code).toBe(
      ErrorCode.noPermission,
    );
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpointLoosely(t.app, listGateways, {
      token: adminToken,
      query: { status: 'sleeping' },
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("lists the company's bound and unbound dataloggers with plant, status, signal and devices", async () => {
    const c = await companyWithGateways();
    const page = await endpointData(t.app, listGateways, { token: c.staffToken });
    expect(page.total).toBe(2);
    const bound = page.infos.find((row) => row.sn === c.bound.sn);
    expect(bound).toMatchObject({
      plantId: c.plant.id,
      plantName: 'Gateway plant',
      status: 'normal',
      signalStrength: 77,
      softwareVersion: 'V2.1',
      deviceCount: 1,
      alias: 'Roof',
    });
    expect(page.infos.find((row) => row.sn === c.stock.sn)).toMatchObject({
      plantId: null,
      status: 'offline',
      deviceCount: 0,
    });
  });

  it('filters by plant, status and keyword, pages and sorts', async () => {
    const c = await companyWithGateways();
    const token = c.adminToken;
    const byPlant = await endpointData(t.app, listGateways, {
      token,
      query: { plantId: c.plant.id },
    });
    expect(byPlant.infos.map((row) => row.sn)).toEqual([c.bound.sn]);
    const offline = await endpointData(t.app, listGateways, {
      token,
      query: { status: 'offline' },
    });
    expect(offline.infos.map((row) => row.sn)).toEqual([c.stock.sn]);
    const byAlias = await endpointData(t.app, listGateways, { token, query: { keyword: 'roo' } });
    expect(byAlias.infos.map((row) => row.sn)).toEqual([c.bound.sn]);
    const bySn = await endpointData(t.app, listGateways, {
      token,
      query: { keyword: c.stock.sn.slice(2, 8).toLowerCase() },
    });
    expect(bySn.infos.map((row) => row.sn)).toEqual([c.stock.sn]);
    const wildcard = await endpointData(t.app, listGateways, { token, query: { keyword: '%' } });
    expect(wildcard.total).toBe(0);
    const sorted = await endpointData(t.app, listGateways, {
      token,
      query: { sort: 'signalStrength', order: 'desc', size: 1, page: 1 },
    });
    expect(sorted).toMatchObject({ total: 2, infos: [{ sn: c.bound.sn }] });
    const second = await endpointData(t.app, listGateways, {
      token,
      query: { sort: 'signalStrength', order: 'desc', size: 1, page: 2 },
    });
    expect(second.infos.map((row) => row.sn)).toEqual([c.stock.sn]);
  });

  it("never shows another company's dataloggers, nor unheld factory stock", async () => {
    const c = await companyWithGateways();
    const other = await buildCompanyWithStaff(t.deps);
    const stock = await buildGateway(t.deps);
    const page = await endpointData(t.app, listGateways, { token: other.adminToken });
    const serials = page.infos.map((row) => row.sn);
    expect(serials).not.toContain(c.bound.sn);
    expect(serials).not.toContain(c.stock.sn);
    expect(serials).not.toContain(stock.sn);
    const filtered = await endpointData(t.app, listGateways, {
      token: other.adminToken,
      query: { plantId: c.plant.id },
    });
    expect(filtered.total).toBe(0);
  });

  it('shows a plant owner the dataloggers of their plants and of plants shared with them', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const plant = await buildPlant(t.deps, user.id);
    const gateway = await buildGateway(t.deps, { plantId: plant.id });
    const page = await endpointData(t.app, listGateways, { token });
    expect(page.infos.map((row) => row.sn)).toEqual([gateway.sn]);
  });
});

describe('GET /api/v1/gateway/:sn', () => {
  it('answers every field; key and connection password only to managers', async () => {
    const c = await companyWithGateways();
    const detail = await endpointData(t.app, getGateway, {
      token: c.adminToken,
      params: { sn: c.bound.sn },
    });
    expect(detail).toMatchObject({
      sn: c.bound.sn,
      key: 'KEY12345',
      alias: 'Roof',
      protocol: 'solar-mqtt/1',
      transport: 'mqtt',
      softwareVersion: 'V2.1',
      signalStrength: 77,
      iccid: '8949000000000000001',
      connectionPassword: 'conn-secret',
      canManage: true,
      id: c.bound.id,
    });
    expect(detail.gsns).toHaveLength(1);
    expect(detail.lastOnlineAt).not.toBeNull();
    // Staff without station.edit only read the plant: no key, no password.
    const seen = await endpointData(t.app, getGateway, {
      token: c.staffToken,
      params: { sn: c.bound.sn },
    });
    expect(seen).toMatchObject({ key: null, connectionPassword: null, canManage: false });
  });

  it("answers 305 for an unknown SN and for another company's datalogger", async () => {
    const c = await companyWithGateways();
    const other = await buildCompanyWithStaff(t.deps);
    for (const sn of ['NOSUCHSN1', c.bound.sn, c.stock.sn]) {
      const res = await callEndpoint(t.app, getGateway, {
        token: other.adminToken,
        params: { sn },
      });
      expect(res.code).toBe(ErrorCode.dataloggerNotFound);
    }
    const bad = await callEndpointLoosely(t.app, getGateway, {
      token: other.adminToken,
      params: { sn: 'a' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});

describe('POST /api/v1/gateway', () => {
  it('refuses bad input (4), an unknown SN (305), a wrong key (300) and a used one (301)', async () => {
    const { adminToken, company } = await buildCompanyWithStaff(t.deps);
    const invalid = await callEndpointLoosely(t.app, createGateway, {
      token: adminToken,
      body: { sn: 'x', key: '' },
    });
    expect(invalid.code).toBe(ErrorCode.validation);
    const unknown = await callEndpoint(t.app, createGateway, {
      token: adminToken,
      body: { sn: gatewaySn(), key: 'KEY12345' },
    });
    expect(unknown.code).toBe(ErrorCode.dataloggerNotFound);
    const stock = await buildGateway(t.deps);
    const wrongKey = await callEndpoint(t.app, createGateway, {
      token: adminToken,
      body: { sn: stock.sn, key: 'WRONGKEY' },
    });
    expect(wrongKey.code).toBe(ErrorCode.dataloggerCredentials);
    const held = await buildGateway(t.deps, { ownerCompanyId: company.id });
    const used = await callEndpoint(t.app, createGateway, {
      token: adminToken,
      body: { sn: held.sn, key: 'KEY12345' },
    });
    expect(used.code).toBe(ErrorCode.dataloggerInUse);
  });

  it("adds factory stock to the company's list, bound to a plant when asked", async () => {
    const c = await companyWithGateways();
    const stock = await buildGateway(t.deps);
    const created = await endpointData(t.app, createGateway, {
      token: c.adminToken,
      body: { sn: stock.sn, key: 'KEY12345', alias: 'Garage', plantId: c.plant.id },
    });
    expect(created).toMatchObject({ sn: stock.sn, alias: 'Garage', plantId: c.plant.id });
    const again = await callEndpoint(t.app, createGateway, {
      token: c.adminToken,
      body: { sn: stock.sn, key: 'KEY12345' },
    });
    expect(again.code).toBe(ErrorCode.dataloggerInUse);
    // A plant of another company is not visible: 700, and the SN stays free.
    const other = await buildCompanyWithStaff(t.deps);
    const free = await buildGateway(t.deps);
    const foreign = await callEndpoint(t.app, createGateway, {
      token: other.adminToken,
      body: { sn: free.sn, key: 'KEY12345', plantId: c.plant.id },
    });
    expect(foreign.code).toBe(ErrorCode.plantNotFound);
  });

  it('lets an owner without a company hold a datalogger, and a platform admin register one', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const stock = await buildGateway(t.deps);
    // Owners lack gateway.create: code 2.
    const res = await callEndpoint(t.app, createGateway, {
      token,
      body: { sn: stock.sn, key: 'KEY12345' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(user.id).toBeGreaterThan(0);
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const adminToken = await tokenFor(t.deps, admin.id);
    const sn = gatewaySn('NEW');
    const registered = await endpointData(t.app, createGateway, {
      token: adminToken,
      body: { sn, key: 'FACTORY1' },
    });
    expect(registered).toMatchObject({ sn, key: 'FACTORY1', plantId: null });
  });
});

describe('alias, delete and unbind', () => {
  it('renames a datalogger; another company cannot (305) and nothing changes', async () => {
    const c = await companyWithGateways();
    const renamed = await endpointData(t.app, renameGateway, {
      token: c.adminToken,
      params: { sn: c.stock.sn },
      body: { alias: 'Barn' },
    });
    expect(renamed.alias).toBe('Barn');
    const bad = await callEndpointLoosely(t.app, renameGateway, {
      token: c.adminToken,
      params: { sn: c.stock.sn },
      body: { alias: '<script>' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
    const other = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, renameGateway, {
      token: other.adminToken,
      params: { sn: c.stock.sn },
      body: { alias: 'Stolen' },
    });
    expect(res.code).toBe(ErrorCode.dataloggerNotFound);
    const row = await t.deps.db
      .selectFrom('dataloggers')
      .select('alias')
      .where('id', '=', c.stock.id)
      .executeTakeFirstOrThrow();
    expect(row.alias).toBe('Barn');
  });

  it('refuses deleting a bound datalogger (301) and returns an unbound one to the stock', async () => {
    const c = await companyWithGateways();
    const bound = await callEndpoint(t.app, deleteGateway, {
      token: c.adminToken,
      params: { sn: c.bound.sn },
    });
    expect(bound.code).toBe(ErrorCode.dataloggerInUse);
    await endpointData(t.app, deleteGateway, { token: c.adminToken, params: { sn: c.stock.sn } });
    const gone = await callEndpoint(t.app, getGateway, {
      token: c.adminToken,
      params: { sn: c.stock.sn },
    });
    expect(gone.code).toBe(ErrorCode.dataloggerNotFound);
    // Back in the stock: it can be added again with its key.
    await endpointData(t.app, createGateway, {
      token: c.adminToken,
      body: { sn: c.stock.sn, key: 'KEY12345' },
    });
  });

  it('unbinds in the order of section 4: plant-gateway call, then the gateway call', async () => {
    const c = await companyWithGateways();
    const early = await callEndpoint(t.app, unbindGateway, {
      token: c.adminToken,
      params: { sn: c.bound.sn },
    });
    expect(early.code).toBe(ErrorCode.dataloggerInUse);
    await endpointData(t.app, unbindPlantGateway, {
      token: c.adminToken,
      params: { id: c.plant.id },
      body: { sn: c.bound.sn },
    });
    const unbound = await endpointData(t.app, unbindGateway, {
      token: c.adminToken,
      params: { sn: c.bound.sn },
    });
    expect(unbound).toMatchObject({ plantId: null, alias: null, canManage: true });
    const page = await endpointData(t.app, listGateways, { token: c.adminToken });
    expect(page.infos.map((row) => row.sn)).toContain(c.bound.sn);
  });

  it('keeps factory stock bound through the plant in the plant company list after an unbind', async () => {
    const c = await companyWithGateways();
    const stock = await buildGateway(t.deps, { key: 'BINDKEY1' });
    await endpointData(t.app, bindPlantGateway, {
      token: c.adminToken,
      params: { id: c.plant.id },
      body: { sn: stock.sn, key: 'BINDKEY1' },
    });
    await endpointData(t.app, unbindPlantGateway, {
      token: c.adminToken,
      params: { id: c.plant.id },
      body: { sn: stock.sn },
    });
    const detail = await endpointData(t.app, getGateway, {
      token: c.adminToken,
      params: { sn: stock.sn },
    });
    expect(detail.plantId).toBeNull();
  });

  it('answers 2 to staff who may only read the plant', async () => {
    const c = await companyWithGateways();
    const role = await buildRole(t.deps, c.company.id, [
      'station.view',
      'equip.view',
      'gateway.view',
      'gateway.create',
    ]);
    const reader = await buildUser(t.deps, {
      kind: 'staff',
      companyId: c.company.id,
      roleId: role.id,
    });
    const token = await tokenFor(t.deps, reader.id);
    const res = await callEndpoint(t.app, renameGateway, {
      token,
      params: { sn: c.bound.sn },
      body: { alias: 'Nope' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});

describe('protocol and settings switch', () => {
  it('refuses out-of-range values, the same settings, an offline and a switched-off datalogger', async () => {
    const c = await companyWithGateways();
    const params = { sn: c.stock.sn };
    const initial = await endpointData(t.app, getGatewayProtocol, { token: c.staffToken, params });
    expect(initial).toMatchObject({
      transport: 'mqtt',
      reportIntervalSeconds: 60,
      updatedAt: null,
    });
    expect(initial.serverAddress).toMatch(/^mqtt:\/\//);
    const bad = await callEndpointLoosely(t.app, setGatewayProtocol, {
      token: c.adminToken,
      params,
      body: { transport: 'ftp', reportIntervalSeconds: 5 },
    });
    expect(bad.code).toBe(ErrorCode.validation);
    // The datalogger must confirm a change: this one is offline, so nothing is stored.
    const offline = await callEndpoint(t.app, setGatewayProtocol, {
      token: c.adminToken,
      params,
      body: { transport: 'http', reportIntervalSeconds: 300 },
    });
    expect(offline.code).toBe(ErrorCode.deviceOffline);
    const same = await callEndpoint(t.app, setGatewayProtocol, {
      token: c.adminToken,
      params,
      body: { transport: 'mqtt', reportIntervalSeconds: 60 },
    });
    expect(same.code).toBe(ErrorCode.sameDeviceState);
    expect(await endpointData(t.app, getGatewayProtocol, { token: c.staffToken, params })).toEqual(
      initial,
    );
    const off = await endpointData(t.app, switchGatewaySettings, {
      token: c.adminToken,
      params,
      body: { isEnabled: false },
    });
    expect(off.isRemoteSettingEnabled).toBe(false);
    const refused = await callEndpoint(t.app, setGatewayProtocol, {
      token: c.adminToken,
      params,
      body: { transport: 'mqtt', reportIntervalSeconds: 60 },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps);
    const foreign = await callEndpoint(t.app, switchGatewaySettings, {
      token: other.adminToken,
      params,
      body: { isEnabled: true },
    });
    expect(foreign.code).toBe(ErrorCode.dataloggerNotFound);
  });
});

describe('POST /api/v1/gateways/check', () => {
  it('answers a result per row without changing anything', async () => {
    const c = await companyWithGateways();
    const free = await buildGateway(t.deps);
    const empty = await callEndpointLoosely(t.app, checkGateways, {
      token: c.adminToken,
      body: { gateways: [] },
    });
    expect(empty.code).toBe(ErrorCode.validation);
    const unknown = gatewaySn();
    const { results } = await endpointData(t.app, checkGateways, {
      token: c.adminToken,
      body: {
        gateways: [
          { sn: free.sn, key: 'KEY12345' },
          { sn: free.sn, key: 'WRONGKEY' },
          { sn: c.stock.sn, key: 'KEY12345' },
          { sn: unknown, key: 'KEY12345' },
        ],
      },
    });
    expect(results.map((row) => [row.row, row.code])).toEqual([
      [1, 0],
      [2, ErrorCode.dataloggerInUse],
      [3, ErrorCode.dataloggerInUse],
      [4, ErrorCode.dataloggerNotFound],
    ]);
    expect(results[1]?.detail).toContain('twice');
    const wrong = await endpointData(t.app, checkGateways, {
      token: c.adminToken,
      body: { gateways: [{ sn: free.sn, key: 'WRONGKEY' }] },
    });
    expect(wrong.results[0]?.code).toBe(ErrorCode.dataloggerCredentials);
    const row = await t.deps.db
      .selectFrom('dataloggers')
      .select(['owner_company_id'])
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_company_id).toBeNull();
  });
});
