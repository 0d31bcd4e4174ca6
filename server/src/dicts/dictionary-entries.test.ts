import {
  checkDictionaryCode,
  createDictionaryEntry,
  dictionaryOptions,
  ErrorCode,
  listAuditEntries,
  listDictionaryEntries,
  listDictionaryTypes,
  setDictionaryEntryEnabled,
  updateDictionaryEntry,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let platformToken: string;
let adminToken: string;
let typeSeq = 0;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  platformToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
  adminToken = (await buildCompanyWithStaff(t.deps)).adminToken;
});

/** A dictionary type no other test uses. */
function freshType(): string {
  typeSeq += 1;
  return `deviceType-${Date.now()}-${typeSeq}`;
}

function create(type: string, code: string, texts: Record<string, string>, sortOrder = 0) {
  return callEndpoint(t.app, createDictionaryEntry, {
    token: platformToken,
    body: { type, code, texts, sortOrder },
  });
}

describe('dictionaries', () => {
  it('refuses a company administrator every management call with code 2', async () => {
    const type = freshType();
    const calls = [
      callEndpoint(t.app, listDictionaryEntries, { token: adminToken }),
      callEndpoint(t.app, listDictionaryTypes, { token: adminToken }),
      callEndpoint(t.app, checkDictionaryCode, { token: adminToken, query: { type, code: 'a' } }),
      callEndpoint(t.app, createDictionaryEntry, {
        token: adminToken,
        body: { type, code: 'a', texts: { en: 'A' } },
      }),
      callEndpoint(t.app, updateDictionaryEntry, {
        token: adminToken,
        params: { id: 1 },
        body: { texts: { en: 'A' } },
      }),
      callEndpoint(t.app, setDictionaryEntryEnabled, {
        token: adminToken,
        params: { id: 1 },
        body: { enabled: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('adds an entry; the code check and a second add of the code answer 5000', async () => {
    const type = freshType();
    const free = await callEndpoint(t.app, checkDictionaryCode, {
      token: platformToken,
      query: { type, code: 'inverter' },
    });
    expect(free.code).toBe(ErrorCode.ok);
    const created = await create(type, 'inverter', { en: 'Inverter', de: 'Wechselrichter' });
    expect(created.data).toMatchObject({
      type,
      code: 'inverter',
      texts: { en: 'Inverter', de: 'Wechselrichter' },
      isEnabled: true,
    });
    const check = await callEndpoint(t.app, checkDictionaryCode, {
      token: platformToken,
      query: { type, code: 'inverter' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
    const again = await create(type, 'inverter', { en: 'Other' });
    expect(again.code).toBe(ErrorCode.codeExists);
    const otherType = await create(freshType(), 'inverter', { en: 'Inverter' });
    expect(otherType.code).toBe(ErrorCode.ok);
  });

  it('answers 5000 to exactly all but one of 50 parallel adds of one code', async () => {
    const type = freshType();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => create(type, 'meter', { en: 'Meter' })),
    );
    const codes = results.map((res) => res.code);
    expect(codes.filter((code) => code === ErrorCode.ok)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.codeExists)).toHaveLength(49);
  });

  it('validates codes and requires the English text', async () => {
    const type = freshType();
    const badCode = await callEndpointLoosely(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'no spaces', texts: { en: 'X' } },
    });
    expect(badCode.code).toBe(ErrorCode.validation);
    const noEnglish = await callEndpointLoosely(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'x', texts: { de: 'X' } },
    });
    expect(noEnglish.code).toBe(ErrorCode.validation);
    const unknownLocale = await callEndpointLoosely(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'x', texts: { en: 'X', xx: 'Y' } },
    });
    expect(unknownLocale.code).toBe(ErrorCode.validation);
  });

  it('edits, disables and enables an entry; pages read enabled entries in their language', async () => {
    const type = freshType();
    const second = await endpointData(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'b', texts: { en: 'Bee' }, sortOrder: 2 },
    });
    await endpointData(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'a', texts: { en: 'Ay', fr: 'A fr' }, sortOrder: 1 },
    });
    const edited = await endpointData(t.app, updateDictionaryEntry, {
      token: platformToken,
      params: { id: second.id },
      body: { texts: { en: 'Bee', fr: 'Abeille' }, sortOrder: 0 },
    });
    expect(edited).toMatchObject({ sortOrder: 0, texts: { en: 'Bee', fr: 'Abeille' } });
    const fr = await endpointData(t.app, dictionaryOptions, {
      token: adminToken,
      query: { type, lan: 'fr' },
    });
    expect(fr).toEqual([
      { code: 'b', name: 'Abeille' },
      { code: 'a', name: 'A fr' },
    ]);
    const de = await endpointData(t.app, dictionaryOptions, {
      token: adminToken,
      query: { type, lan: 'de' },
    });
    expect(de.map((option) => option.name)).toEqual(['Bee', 'Ay']);

    await endpointData(t.app, setDictionaryEntryEnabled, {
      token: platformToken,
      params: { id: second.id },
      body: { enabled: false },
    });
    const withoutDisabled = await endpointData(t.app, dictionaryOptions, {
      token: adminToken,
      query: { type },
    });
    expect(withoutDisabled).toEqual([{ code: 'a', name: 'Ay' }]);
    const list = await endpointData(t.app, listDictionaryEntries, {
      token: platformToken,
      query: { type },
    });
    expect(list.infos.map((entry) => [entry.code, entry.isEnabled])).toEqual([
      ['b', false],
      ['a', true],
    ]);
    const enabled = await endpointData(t.app, setDictionaryEntryEnabled, {
      token: platformToken,
      params: { id: second.id },
      body: { enabled: true },
    });
    expect(enabled.isEnabled).toBe(true);
  });

  it('searches by code or text and lists the types', async () => {
    const type = freshType();
    await create(type, 'pv-string', { en: 'String inverter', de: 'Strangwechselrichter' });
    await create(type, 'hybrid', { en: 'Hybrid' });
    const byText = await endpointData(t.app, listDictionaryEntries, {
      token: platformToken,
      query: { type, keyword: 'strang' },
    });
    expect(byText.infos.map((entry) => entry.code)).toEqual(['pv-string']);
    const types = await endpointData(t.app, listDictionaryTypes, { token: platformToken });
    expect(types).toContain(type);
  });

  it('records each change in the audit log', async () => {
    const type = freshType();
    const entry = await endpointData(t.app, createDictionaryEntry, {
      token: platformToken,
      body: { type, code: 'audited', texts: { en: 'Audited' } },
    });
    await endpointData(t.app, updateDictionaryEntry, {
      token: platformToken,
      params: { id: entry.id },
      body: { texts: { en: 'Audited again' } },
    });
    await endpointData(t.app, setDictionaryEntryEnabled, {
      token: platformToken,
      params: { id: entry.id },
      body: { enabled: false },
    });
    const target = `dictionary entry ${entry.id} ${type}/audited`;
    for (const action of [
      'dictionary.created',
      'dictionary.updated',
      'dictionary.disabled',
    ] as const) {
      const log = await endpointData(t.app, listAuditEntries, {
        token: platformToken,
        query: { action, size: 200 },
      });
      expect(
        log.infos.some((row) => row.target === target),
        action,
      ).toBe(true);
    }
  });

  it('answers code 2 for an unknown entry', async () => {
    const res = await callEndpoint(t.app, updateDictionaryEntry, {
      token: platformToken,
      params: { id: 2_000_000_000 },
      body: { texts: { en: 'X' } },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});
