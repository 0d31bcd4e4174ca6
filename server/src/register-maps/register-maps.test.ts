import {
  builtinRegisterMap,
  COMPANY_PERMISSIONS,
  ErrorCode,
  getRegisterMap,
  importRegisterMap,
  inverterSettingsMap,
  listRegisterMaps,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/auth-context.js';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildInverter, sunspecModel123 } from '../test/fixtures/register-maps.factories.js';
import { RegisterMapsService } from './register-maps.service.js';
import { settingsFamilyOfModel } from './settings-family.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await buildUser(t.deps, { kind: 'platform_admin' });
  adminToken = await tokenFor(t.deps, admin.id);
});

/** A company's plant and its administrator's token. */
async function companyPlant() {
  const { company, admin, adminToken: token } = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
  return { plant, token };
}

const SCALE_FACTORS = { WMaxLimPct_SF: -1, OutPFSet_SF: -3, VArPct_SF: -1 };

describe('settingsFamilyOfModel', () => {
  it('reads the series from the model code and knows no family for others', () => {
    expect(settingsFamilyOfModel('0200')).toBe('mt');
    expect(settingsFamilyOfModel('3303')).toBe('dy-store-three');
    expect(settingsFamilyOfModel('9900')).toBeNull();
    expect(settingsFamilyOfModel('LS-2.5K')).toBeNull();
    expect(settingsFamilyOfModel(null)).toBeNull();
  });
});

describe('GET /api/v1/inverter/:sn/settings/map', () => {
  it('answers 401 without a token and 2 without inverter.setting', async () => {
    const params = { sn: 'SN0000001' };
    expect((await callEndpoint(t.app, inverterSettingsMap, { params })).status).toBe(401);
    const { staffToken } = await buildCompanyWithStaff(t.deps, ['inverter.view']);
    const res = await callEndpoint(t.app, inverterSettingsMap, { params, token: staffToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('refuses a malformed SN with code 4', async () => {
    const res = await callEndpointLoosely(t.app, inverterSettingsMap, {
      params: { sn: 'bad sn!' },
      token: adminToken,
    });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it("answers the map of the inverter's family to the company's staff with inverter.setting", async () => {
    const { company, admin } = await buildCompanyWithStaff(t.deps);
    const staff = await buildStaffWith(t.deps, company.id, ['inverter.view', 'inverter.setting']);
    const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
    const inverter = await buildInverter(t.deps, plant.id, '3303');
    const res = await callEndpoint(t.app, inverterSettingsMap, {
      params: { sn: inverter.sn },
      token: staff.token,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      sn: inverter.sn,
      modelCode: '3303',
      family: 'dy-store-three',
    });
    expect(res.data.map).toEqual(builtinRegisterMap('dy-store-three'));
  });

  it('answers 600 for an unknown SN, a device that is no inverter, or an invisible one', async () => {
    const { company, admin, adminToken: companyAdmin } = await buildCompanyWithStaff(t.deps);
    const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
    const other = await buildCompanyWithStaff(t.deps);
    const foreignPlant = await buildPlant(t.deps, other.admin.id, { company_id: other.company.id });
    const foreign = await buildInverter(t.deps, foreignPlant.id, '0200');
    const unbound = await buildInverter(t.deps, null, '0200');
    const meter = await buildInverter(t.deps, plant.id, '0200');
    await t.deps.db
      .updateTable('devices')
      .set({ kind: 'meter' })
      .where('id', '=', meter.id)
      .execute();
    for (const sn of ['SNUNKNOWN01', foreign.sn, unbound.sn, meter.sn]) {
      const res = await callEndpoint(t.app, inverterSettingsMap, {
        params: { sn },
        token: companyAdmin,
      });
      expect(res.code, sn).toBe(ErrorCode.inverterNotFound);
    }
    // The platform administrator sees every inverter, bound or not.
    const res = await callEndpoint(t.app, inverterSettingsMap, {
      params: { sn: unbound.sn },
      token: adminToken,
    });
    expect(res.data.family).toBe('mt');
  });

  it("refuses a plant's owner: owners do not hold inverter.setting", async () => {
    const owner = await buildUser(t.deps);
    const plant = await buildPlant(t.deps, owner.id);
    const inverter = await buildInverter(t.deps, plant.id, '0500');
    const res = await callEndpoint(t.app, inverterSettingsMap, {
      params: { sn: inverter.sn },
      token: await tokenFor(t.deps, owner.id),
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('answers 601 for a model without a settings family', async () => {
    const { plant, token } = await companyPlant();
    for (const code of ['9900', null]) {
      const inverter = await buildInverter(t.deps, plant.id, code);
      const res = await callEndpoint(t.app, inverterSettingsMap, {
        params: { sn: inverter.sn },
        token,
      });
      expect(res.code).toBe(ErrorCode.brandParameterUnsupported);
    }
  });
});

describe('register maps: list, one family, SunSpec import', () => {
  it('refuses the import to anyone but a platform administrator', async () => {
    const body = { family: 'uneet' as const, model: sunspecModel123() as never };
    expect((await callEndpoint(t.app, importRegisterMap, { body })).status).toBe(401);
    const { adminToken: companyAdmin } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, importRegisterMap, { body, token: companyAdmin });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('refuses a malformed model with code 4 and stores nothing', async () => {
    const before = await t.deps.db.selectFrom('register_maps').select('id').execute();
    const missingGroup = await callEndpointLoosely(t.app, importRegisterMap, {
      body: { family: 'uneet', model: { id: 123 } },
      token: adminToken,
    });
    expect(missingGroup.code).toBe(ErrorCode.validation);
    const unknownType = await callEndpointLoosely(t.app, importRegisterMap, {
      body: {
        family: 'uneet',
        model: { id: 64000, group: { name: 'x', points: [{ name: 'A', type: 'quaternion' }] } },
      },
      token: adminToken,
    });
    expect(unknownType.code).toBe(ErrorCode.validation);
    expect(unknownType.data).toMatchObject({
      fields: [{ field: 'model', message: 'validation.invalid' }],
    });
    expect(await t.deps.db.selectFrom('register_maps').select('id').execute()).toEqual(before);
  });

  it('imports model 123 as the next version, in effect only for the inverters declaring model 123', async () => {
    // Other files of the run (the fuzz test) may have imported a version for the family too.
    const stored = await t.deps.db
      .selectFrom('register_maps')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('family', '=', 'sidaoer')
      .executeTakeFirst();
    const next = Math.max(stored?.version ?? 0, builtinRegisterMap('sidaoer')!.version) + 1;
    const first = await callEndpoint(t.app, importRegisterMap, {
      body: {
        family: 'sidaoer',
        model: sunspecModel123() as never,
        baseAddress: 40070,
        scaleFactors: SCALE_FACTORS,
      },
      token: adminToken,
    });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.warnings).toEqual([]);
    expect(first.data.map).toMatchObject({
      family: 'sidaoer',
      version: next,
      source: 'sunspec',
      sunspecModelId: 123,
      phases: 3,
      settingCount: 21,
      isEffective: true,
    });
    const second = await callEndpoint(t.app, importRegisterMap, {
      body: { family: 'sidaoer', model: sunspecModel123() as never, name: 'Sidaoer SunSpec v3' },
      token: adminToken,
    });
    expect(second.data.map).toMatchObject({ version: next + 1, name: 'Sidaoer SunSpec v3' });
    expect(second.data.warnings.length).toBeGreaterThan(0);

    const familyMap = await callEndpoint(t.app, getRegisterMap, {
      params: { family: 'sidaoer' },
      token: adminToken,
    });
    expect(familyMap.data).toMatchObject({ source: 'builtin' });

    const list = await callEndpoint(t.app, listRegisterMaps, {
      query: { family: 'sidaoer' },
      token: adminToken,
    });
    const versions = list.data.infos.map((m) => [m.version, m.source, m.isEffective]);
    expect(versions.slice(0, 2)).toEqual([
      [next + 1, 'sunspec', true],
      [next, 'sunspec', false],
    ]);
    expect(versions.at(-1)).toEqual([1, 'builtin', true]);
    expect(list.data.total).toBe(next + 1);

    const { plant, token } = await companyPlant();
    const mapOf = async (sn: string) =>
      (await callEndpoint(t.app, inverterSettingsMap, { params: { sn }, token })).data.map;
    const plain = await buildInverter(t.deps, plant.id, '0506');
    expect(await mapOf(plain.sn)).toMatchObject({ source: 'builtin' });
    const declaring = await buildInverter(t.deps, plant.id, '0506');
    await t.deps.db
      .updateTable('devices')
      .set({ sunspec_models: [1, 103, 123] })
      .where('id', '=', declaring.id)
      .execute();
    const forDeclaring = await mapOf(declaring.sn);
    expect(forDeclaring).toMatchObject({ version: next + 1, source: 'sunspec' });
    expect(forDeclaring.settings.find((s) => s.key === 'WMaxLimPct')).toMatchObject({
      address: 40007,
    });
  });

  it('lists every family with its built-in map, paged', async () => {
    const { adminToken: companyAdmin } = await buildCompanyWithStaff(t.deps);
    const page = await callEndpoint(t.app, listRegisterMaps, {
      query: { page: 1, size: 5 },
      token: companyAdmin,
    });
    expect(page.data.infos).toHaveLength(5);
    const all = await callEndpoint(t.app, listRegisterMaps, {
      query: { page: 1, size: 100 },
      token: companyAdmin,
    });
    expect(all.data.total).toBe(all.data.infos.length);
    const effectiveFamilies = all.data.infos
      .filter((m) => m.isEffective && m.sunspecModelId === null)
      .map((m) => m.family);
    expect(new Set(effectiveFamilies).size).toBe(9);
    expect(effectiveFamilies).toHaveLength(9);
  });

  it('refuses an unknown family with code 4', async () => {
    const res = await callEndpointLoosely(t.app, getRegisterMap, {
      params: { family: 'acme' },
      token: adminToken,
    });
    expect(res.code).toBe(ErrorCode.validation);
  });
});

describe('checkSettingsWrite (the commands seam)', () => {
  it('answers the validated values, or throws 600, 601, 4 and 605', async () => {
    const maps = new RegisterMapsService(t.deps.db);
    const { company, admin } = await buildCompanyWithStaff(t.deps);
    const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
    const auth: AuthContext = {
      userId: admin.id,
      email: admin.email,
      kind: 'company_admin',
      companyId: company.id,
      roleId: null,
      permissions: new Set(COMPANY_PERMISSIONS),
      isReadOnly: false,
      apiKey: null,
    };
    const threePhase = await buildInverter(t.deps, plant.id, '0500');
    const unsupported = await buildInverter(t.deps, plant.id, '9900');
    await expect(
      maps.checkSettingsWrite(auth, threePhase.sn, { activePowerLimitPct: 70 }),
    ).resolves.toMatchObject({
      values: { activePowerLimitPct: 70 },
      target: { family: 'gy' },
    });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    expect(await codeOf(maps.checkSettingsWrite(auth, 'SNNONE0001', { a: 1 }))).toBe(600);
    expect(await codeOf(maps.checkSettingsWrite(auth, unsupported.sn, {}))).toBe(601);
    expect(await codeOf(maps.checkSettingsWrite(auth, threePhase.sn, { powerFactor: 0.5 }))).toBe(
      4,
    );
    expect(await codeOf(maps.checkSettingsWrite(auth, threePhase.sn, { gridCode: 'G98' }))).toBe(
      605,
    );
  });
});
