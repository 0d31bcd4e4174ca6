import { ErrorCode } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';
import { utcOffset } from './dicts.service.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.deps);
  token = await tokenFor(t.deps, user.id);
});

describe('dictionaries', () => {
  it('answers 401 without a token', async () => {
    for (const url of [
      '/api/v1/dict/currencies',
      '/api/v1/dict/timezones',
      '/api/v1/dict/plantTypes',
      '/api/v1/dict/regions',
    ]) {
      expect((await call(t.app, { method: 'GET', url })).status, url).toBe(401);
    }
  });

  it('lists currencies with localized names and symbols', async () => {
    const en = await call<{ code: string; name: string; symbol: string }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/currencies',
      token,
    });
    expect(en.data.find((c) => c.code === 'EUR')).toEqual({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
    });
    const de = await call<{ code: string; name: string }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/currencies?lan=de',
      token,
    });
    expect(de.data.find((c) => c.code === 'USD')?.name).toBe('US-Dollar');
    const bad = await call(t.app, { method: 'GET', url: '/api/v1/dict/currencies?lan=xx', token });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('lists time zones with UTC first and current offsets', async () => {
    const res = await call<{ name: string; offset: string }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/timezones',
      token,
    });
    expect(res.data[0]).toEqual({ name: 'UTC', offset: '+00:00' });
    expect(res.data.some((z) => z.name === 'Europe/Berlin')).toBe(true);
    expect(utcOffset('Asia/Kolkata')).toBe('+05:30');
    expect(utcOffset('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe('+02:00');
    expect(utcOffset('America/New_York', new Date('2026-01-01T12:00:00Z'))).toBe('-05:00');
  });

  it('lists plant types', async () => {
    const res = await call<{ value: string }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/plantTypes',
      token,
    });
    expect(res.data.map((p) => p.value)).toEqual(['grid', 'ac_coupled', 'dc_coupled']);
  });

  it('serves countries, then the regions of a country', async () => {
    const countries = await call<{ value: string; label: string; isLeaf: boolean }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/regions',
      token,
    });
    expect(countries.data.find((c) => c.value === 'DE')).toEqual({
      value: 'DE',
      label: 'Germany',
      isLeaf: false,
    });
    const regions = await call<{ value: string; label: string; isLeaf: boolean }[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/regions?parent=DE',
      token,
    });
    expect(regions.data.find((r) => r.label === 'Bayern' || r.label === 'Bavaria')).toMatchObject({
      value: 'BY',
      isLeaf: true,
    });
    const unknown = await call<unknown[]>(t.app, {
      method: 'GET',
      url: '/api/v1/dict/regions?parent=ZZ',
      token,
    });
    expect(unknown.data).toEqual([]);
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/v1/dict/regions?parent=germany',
      token,
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });
});
