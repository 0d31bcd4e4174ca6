import { ErrorCode } from '@solar/contract';
import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely, endpointReader } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = endpointReader(() => t.app);
const SETTER = ['station.view', 'equip.view', 'inverter.view', 'inverter.setting'];

/** An 18 kWp plant of a company with a 10 kW and a 5 kW inverter. */
async function plantWithTwoInverters(permissions = SETTER) {
  const company = await buildCompanyWithStaff(t.deps, permissions);
  const plant = await buildPlant(t.deps, company.admin.id, {
    company_id: company.company.id,
    capacity_kwp: 18,
  });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  const inverter = async (ratedKw: number) => {
    const row = await buildDevice(t.deps, datalogger.id, { kind: 'inverter' });
    await t.deps.db
      .updateTable('devices')
      .set({ rated_power_kw: ratedKw })
      .where('id', '=', row.id)
      .execute();
    return { sn: row.sn };
  };
  return { ...company, plant, large: await inverter(10), small: await inverter(5) };
}

describe('DC peak power of an inverter', () => {
  it('answers 401, 2 without inverter.setting and to a visitor, 600 to another company', async () => {
    const { large, plant } = await plantWithTwoInverters();
    const params = large;
    const body = { dcPeakKw: 12 };
    expect((await callEndpoint(t.app, api.inverterDcPeak, { params, body })).status).toBe(401);
    const reader = await buildCompanyWithStaff(t.deps, ['inverter.view']);
    const refused = await callEndpoint(t.app, api.inverterDcPeak, {
      params,
      body,
      token: reader.staffToken,
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const visitor = await buildCompanyWithStaff(t.deps, SETTER);
    await t.deps.db
      .insertInto('plant_shares')
      .values({ plant_id: plant.id, user_id: visitor.staff.id, role: 'visitor' })
      .execute();
    const asVisitor = await callEndpoint(t.app, api.inverterDcPeak, {
      params,
      body,
      token: visitor.staffToken,
    });
    expect(asVisitor.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps, SETTER);
    const elsewhere = await callEndpoint(t.app, api.inverterDcPeak, {
      params,
      body,
      token: other.adminToken,
    });
    expect(elsewhere.code).toBe(ErrorCode.inverterNotFound);
  });

  it('refuses a value that is not a positive kWp with 3 decimals (code 4)', async () => {
    const { large, staffToken } = await plantWithTwoInverters();
    for (const dcPeakKw of [0, -1, 1.2345, 'much', 60_000]) {
      const answer = await callEndpointLoosely(t.app, api.inverterDcPeak, {
        params: large,
        body: { dcPeakKw },
        token: staffToken,
      });
      expect(answer.code, String(dcPeakKw)).toBe(ErrorCode.validation);
    }
  });

  it('shares the plant’s kWp by AC rating until one is set, which wins (the other shares the rest), and clears back', async () => {
    const { large, small, staffToken: token } = await plantWithTwoInverters();
    const peakOf = async (params: { sn: string }) => {
      const detail = await get(api.inverterDetail, { params, token });
      return { dcPeakKw: detail.dcPeakKw, isDcPeakKwSet: detail.isDcPeakKwSet };
    };
    expect(await peakOf(large)).toEqual({ dcPeakKw: 12, isDcPeakKwSet: false });
    expect(await peakOf(small)).toEqual({ dcPeakKw: 6, isDcPeakKwSet: false });

    await get(api.inverterDcPeak, { params: large, body: { dcPeakKw: 13.2 }, token });
    expect(await peakOf(large)).toEqual({ dcPeakKw: 13.2, isDcPeakKwSet: true });
    // The other shares what the set one leaves of the plant's 18 kWp.
    expect(await peakOf(small)).toEqual({ dcPeakKw: 4.8, isDcPeakKwSet: false });

    await get(api.inverterDcPeak, { params: large, body: { dcPeakKw: null }, token });
    expect(await peakOf(large)).toEqual({ dcPeakKw: 12, isDcPeakKwSet: false });
  });
});
