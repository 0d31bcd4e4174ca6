import {
  dictCurrencies,
  dictPlantTypes,
  dictRegions,
  dictTimeZones,
  ErrorCode,
  utcOffset,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.deps);
  token = await tokenFor(t.deps, user.id);
});

describe('dictionaries', () => {
  it('answers 401 without a token', async () => {
    for (const endpoint of [dictCurrencies, dictTimeZones, dictPlantTypes, dictRegions]) {
      expect((await callEndpoint(t.app, endpoint)).status, endpoint.path).toBe(401);
    }
  });

  it('lists currencies with localized names and symbols', async () => {
    const en = await callEndpoint(t.app, dictCurrencies, { token });
    expect(en.data.find((c) => c.code === 'EUR')).toEqual({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
    });
    const de = await callEndpoint(t.app, dictCurrencies, { token, query: { lan: 'de' } });
    expect(de.data.find((c) => c.code === 'USD')?.name).toBe('US-Dollar');
    const bad = await callEndpointLoosely(t.app, dictCurrencies, { token, query: { lan: 'xx' } });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('lists time zones with UTC first and current offsets', async () => {
    const res = await callEndpoint(t.app, dictTimeZones, { token });
    expect(res.data[0]).toEqual({ name: 'UTC', offset: '+00:00' });
    expect(res.data.some((z) => z.name === 'Europe/Berlin')).toBe(true);
    expect(utcOffset('Asia/Kolkata')).toBe('+05:30');
    expect(utcOffset('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe('+02:00');
    expect(utcOffset('America/New_York', new Date('2026-01-01T12:00:00Z'))).toBe('-05:00');
  });

  it('lists plant types', async () => {
    const res = await callEndpoint(t.app, dictPlantTypes, { token });
    expect(res.data.map((p) => p.value)).toEqual(['grid', 'ac_coupled', 'dc_coupled']);
  });

  it('serves countries, then the regions of a country', async () => {
    const countries = await callEndpoint(t.app, dictRegions, { token });
    expect(countries.data.find((c) => c.value === 'DE')).toEqual({
      value: 'DE',
      label: 'Germany',
      isLeaf: false,
    });
    const regions = await callEndpoint(t.app, dictRegions, { token, query: { parent: 'DE' } });
    expect(regions.data.find((r) => r.label === 'Bayern' || r.label === 'Bavaria')).toMatchObject({
      value: 'BY',
      isLeaf: true,
    });
    const unknown = await callEndpoint(t.app, dictRegions, { token, query: { parent: 'ZZ' } });
    expect(unknown.data).toEqual([]);
    const bad = await callEndpointLoosely(t.app, dictRegions, {
      token,
      query: { parent: 'germany' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});
