import {
  ErrorCode,
  importGateways,
  listAuditEntries,
  listStockDataloggers,
  registerStockDatalogger,
  unbindStockDatalogger,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  gatewaySn,
  spreadsheet,
  XLSX_TYPE,
} from '../test/fixtures/gateways.factories.js';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { multipartFile } from '../test/fixtures/uploads.factories.js';

let t: TestApp;
let platformToken: string;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  platformToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
});

async function boundGateway() {
  const fixture = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, fixture.admin.id, { company_id: fixture.company.id });
  const gateway = await buildGateway(t.deps, {
    plantId: plant.id,
    ownerCompanyId: fixture.company.id,
    ownerUserId: fixture.admin.id,
  });
  return { ...fixture, plant, gateway };
}

describe('datalogger stock', () => {
  it('refuses a company administrator every /management call with code 2', async () => {
    const { adminToken, gateway } = await boundGateway();
    const list = await callEndpoint(t.app, listStockDataloggers, { token: adminToken });
    expect(list.code).toBe(ErrorCode.noPermission);
    const register = await callEndpoint(t.app, registerStockDatalogger, {
      token: adminToken,
      body: { sn: gatewaySn(), key: 'KEY12345' },
    });
    expect(register.code).toBe(ErrorCode.noPermission);
    const unbind = await callEndpoint(t.app, unbindStockDatalogger, {
      token: adminToken,
      params: { sn: gateway.sn },
      body: { reason: 'Mine now' },
    });
    expect(unbind.code).toBe(ErrorCode.noPermission);
  });

  it('registers a datalogger with model and hardware; a known SN answers 301', async () => {
    const sn = gatewaySn('ST');
    const res = await callEndpoint(t.app, registerStockDatalogger, {
      token: platformToken,
      body: { sn, key: 'KEY99999', model: 'WiFi-Stick', hardwareVersion: 'H2' },
    });
    expect(res.data).toMatchObject({
      sn,
      model: 'WiFi-Stick',
      hardwareVersion: 'H2',
      plantId: null,
    });
    const again = await callEndpoint(t.app, registerStockDatalogger, {
      token: platformToken,
      body: { sn, key: 'KEY99999' },
    });
    expect(again.code).toBe(ErrorCode.dataloggerInUse);
  });

  it('shows which company and plant hold each datalogger, searchable by company', async () => {
    const { company, plant, gateway } = await boundGateway();
    const res = await callEndpoint(t.app, listStockDataloggers, {
      token: platformToken,
      query: { keyword: company.name },
    });
    expect(res.data?.total).toBe(1);
    expect(res.data?.infos[0]).toMatchObject({
      sn: gateway.sn,
      plantId: plant.id,
      plantName: plant.name,
      companyName: company.name,
    });
  });

  it('unbinds by force, keeps the reason and audits it', async () => {
    const { gateway, company } = await boundGateway();
    const missing = await callEndpointLoosely(t.app, unbindStockDatalogger, {
      token: platformToken,
      params: { sn: gateway.sn },
      body: { reason: '' },
    });
    expect(missing.code).toBe(ErrorCode.validation);
    const res = await callEndpoint(t.app, unbindStockDatalogger, {
      token: platformToken,
      params: { sn: gateway.sn },
      body: { reason: 'Returned under warranty' },
    });
    expect(res.data).toMatchObject({
      plantId: null,
      companyId: null,
      lastUnbindReason: 'Returned under warranty',
    });
    const kept = await t.deps.db
      .selectFrom('datalogger_unbinds')
      .selectAll()
      .where('datalogger_id', '=', gateway.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ company_id: company.id, reason: 'Returned under warranty' });
    const log = await callEndpoint(t.app, listAuditEntries, {
      token: platformToken,
      query: { action: 'stock.unbound', size: 200 },
    });
    const entry = log.data?.infos.find((e) => e.target === `datalogger ${gateway.sn}`);
    expect(entry?.detail).toMatchObject({
      reason: 'Returned under warranty',
      company: company.name,
    });
  });

  it('answers 305 for an unknown SN', async () => {
    const res = await callEndpoint(t.app, unbindStockDatalogger, {
      token: platformToken,
      params: { sn: gatewaySn('NO') },
      body: { reason: 'Gone' },
    });
    expect(res.code).toBe(ErrorCode.dataloggerNotFound);
  });

  it('imports the register from a spreadsheet with a result per row, bad rows included', async () => {
    const good = gatewaySn('IM');
    const known = (await buildGateway(t.deps)).sn;
    const file = spreadsheet([
      [good, 'KEY12345', '', ''],
      ['x', 'KEY12345', '', ''],
      [known, 'KEY12345', '', ''],
      [good, 'KEY12345', '', ''],
    ]);
    const { payload, headers } = multipartFile(file, 'stock.xlsx', XLSX_TYPE);
    const res = await callEndpointLoosely(t.app, importGateways, {
      body: payload,
      headers,
      token: platformToken,
    });
    expect(res.data.imported).toBe(1);
    expect(res.data.results.map((row) => [row.row, row.code])).toEqual([
      [2, ErrorCode.ok],
      [3, ErrorCode.validation],
      [4, ErrorCode.dataloggerInUse],
      [5, ErrorCode.dataloggerInUse],
    ]);
    const listed = await callEndpoint(t.app, listStockDataloggers, {
      token: platformToken,
      query: { keyword: good },
    });
    expect(listed.data?.infos.map((row) => row.sn)).toEqual([good]);
  });
});
