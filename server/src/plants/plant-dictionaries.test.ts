import {
  createDictionaryEntry,
  createPlant,
  dictionaryOptions,
  dictTimeZones,
  editPlantIncome,
  editPlantInfo,
  type EndpointBody,
  ErrorCode,
  getPlant,
  listPlants,
  setDictionaryEntryEnabled,
} from '@solar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInOwner, buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';

/*
 * The plant form's currencies, time zones and plant types are dictionary entries. These tests
 * disable two entries no other test uses and enable them again afterwards.
 */
const ZONE = 'Antarctica/Troll';
const CURRENCY = 'NGN';

let t: TestApp;
let token: string;

async function setEnabled(type: string, code: string, enabled: boolean) {
  await t.deps.db
    .updateTable('dictionary_entries')
    .set({ is_enabled: enabled })
    .where('type', '=', type)
    .where('code', '=', code)
    .execute();
}

const plant = {
  name: 'Dictionary Hill',
  capacityKwp: 8,
  plantType: 'grid',
  timeZone: ZONE,
  currency: CURRENCY,
} satisfies EndpointBody<typeof createPlant>;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  ({ token } = await buildSignedInOwner(t.deps));
});

afterAll(async () => {
  await setEnabled('timeZone', ZONE, true);
  await setEnabled('currency', CURRENCY, true);
});

describe('plant fields checked against their dictionaries', () => {
  it('seeds every code the form used to hard-wire', async () => {
    const types = await endpointData(t.app, dictionaryOptions, {
      token,
      query: { type: 'plantType', lan: 'de' },
    });
    expect(types.map((entry) => entry.code)).toEqual(['grid', 'ac_coupled', 'dc_coupled']);
    expect(types[0]?.name).toBe('Netzgekoppelt');
    const currencies = await endpointData(t.app, dictionaryOptions, {
      token,
      query: { type: 'currency', lan: 'en' },
    });
    expect(currencies.find((entry) => entry.code === 'EUR')?.name).toBe('Euro');
  });

  it('accepts enabled entries, then keeps them on the plant once disabled', async () => {
    const created = await callEndpoint(t.app, createPlant, { token, body: plant });
    expect(created.code).toBe(ErrorCode.ok);
    const id = created.data.id;

    await setEnabled('timeZone', ZONE, false);
    await setEnabled('currency', CURRENCY, false);
    const zones = await endpointData(t.app, dictTimeZones, { token });
    expect(zones.some((zone) => zone.name === ZONE)).toBe(false);

    // Saving the form unchanged keeps the disabled values the plant holds.
    const kept = await callEndpoint(t.app, editPlantInfo, {
      token,
      params: { id },
      body: { name: 'Dictionary Hill 2', capacityKwp: 8, plantType: 'grid', timeZone: ZONE },
    });
    expect(kept.code).toBe(ErrorCode.ok);
    const detail = await endpointData(t.app, getPlant, { token, params: { id } });
    expect(detail).toMatchObject({ name: 'Dictionary Hill 2', timeZone: ZONE, currency: CURRENCY });
  });

  it('refuses a disabled code as a new value with code 4 naming the field', async () => {
    await setEnabled('timeZone', ZONE, false);
    await setEnabled('currency', CURRENCY, false);
    const refused = await callEndpoint(t.app, createPlant, { token, body: plant });
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refusalDetail(refused)).toContain(
      `'${ZONE}' is not an enabled entry of the timeZone dictionary`,
    );
    expect(refused.data).toMatchObject({
      fields: [
        { field: 'timeZone', message: 'validation.notInDictionary' },
        { field: 'currency', message: 'validation.notInDictionary' },
      ],
    });

    const accepted = await callEndpoint(t.app, createPlant, {
      token,
      body: { ...plant, timeZone: 'Europe/Berlin', currency: 'EUR' },
    });
    expect(accepted.code).toBe(ErrorCode.ok);
    const change = await callEndpoint(t.app, editPlantIncome, {
      token,
      params: { id: accepted.data.id },
      body: { currency: CURRENCY, valuationMethod: 'constant', constantPrice: 0.2 },
    });
    expect(change.code).toBe(ErrorCode.validation);
    const unchanged = await endpointData(t.app, getPlant, {
      token,
      params: { id: accepted.data.id },
    });
    expect(unchanged.currency).toBe('EUR');

    await setEnabled('currency', CURRENCY, true);
    const enabled = await callEndpoint(t.app, editPlantIncome, {
      token,
      params: { id: accepted.data.id },
      body: { currency: CURRENCY, valuationMethod: 'constant', constantPrice: 0.2 },
    });
    expect(enabled.code).toBe(ErrorCode.ok);
  });

  it('accepts a plant type the administrator added, and refuses it once it is disabled', async () => {
    const platformToken = await tokenFor(
      t.deps,
      (await buildUser(t.deps, { kind: 'platform_admin' })).id,
    );
    const code = `floating-${Date.now().toString(36)}`;
    const entry = await endpointData(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type: 'plantType', code, texts: { en: 'Floating' }, sortOrder: 9 },
    });
    const body = {
      ...plant,
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      plantType: code,
    } satisfies EndpointBody<typeof createPlant>;
    const created = await callEndpoint(t.app, createPlant, { token, body });
    expect(created.code).toBe(ErrorCode.ok);
    const detail = await endpointData(t.app, getPlant, { token, params: { id: created.data.id } });
    expect(detail.plantType).toBe(code);
    const listed = await endpointData(t.app, listPlants, { token, query: { plantType: code } });
    expect(listed.infos.map((row) => row.id)).toEqual([created.data.id]);

    await endpointData(t.app, setDictionaryEntryEnabled, {
      token: platformToken,
      params: { id: entry.id },
      body: { enabled: false },
    });
    const refused = await callEndpoint(t.app, createPlant, { token, body });
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refused.data).toMatchObject({
      fields: [{ field: 'plantType', message: 'validation.notInDictionary' }],
    });
  });

  it('takes a currency the administrator added; refuses codes that are no currency or zone', async () => {
    const platformToken = await tokenFor(
      t.deps,
      (await buildUser(t.deps, { kind: 'platform_admin' })).id,
    );
    const addEntry = (type: string, code: string) =>
      callEndpoint(t.app, createDictionaryEntry, {
        token: platformToken,
        body: { type, code, texts: { en: code }, sortOrder: 0 },
      });
    const madeUp = await addEntry('currency', 'XYZ');
    expect(madeUp.code).toBe(ErrorCode.validation);
    expect(madeUp.data).toEqual({
      fields: [{ field: 'code', message: 'validation.currencyCode' }],
    });
    expect((await addEntry('timeZone', 'Mars/Olympus')).data).toEqual({
      fields: [{ field: 'code', message: 'validation.timeZone' }],
    });

    expect((await addEntry('currency', 'ISK')).code).toBe(ErrorCode.ok);
    const currencies = await endpointData(t.app, dictionaryOptions, {
      token,
      query: { type: 'currency', lan: 'en' },
    });
    expect(currencies.map((entry) => entry.code)).toContain('ISK');
    const body = { ...plant, timeZone: 'Atlantic/Reykjavik', currency: 'ISK' };
    const created = await callEndpoint(t.app, createPlant, { token, body });
    expect(created.code).toBe(ErrorCode.ok);
    const detail = await endpointData(t.app, getPlant, { token, params: { id: created.data.id } });
    expect(detail.currency).toBe('ISK');

    const unknown = await callEndpoint(t.app, createPlant, {
      token,
      body: { ...body, currency: 'XYZ' },
    });
    expect(unknown.data).toEqual({
      fields: [{ field: 'currency', message: 'validation.currencyCode' }],
    });
  });
});
