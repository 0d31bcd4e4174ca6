import {
  checkDictionaryCode,
  createDictionaryEntry,
  dictionaryOptions,
  ErrorCode,
  listDictionaryEntries,
  listDictionaryTypes,
  setDictionaryEntryEnabled,
  updateDictionaryEntry,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds, uniqueSuffix } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';

const ctx = platformAdminContextForFile();

/** A dictionary type no other test uses. */
function freshType(): string {
  return `deviceType-${uniqueSuffix()}`;
}

function create(type: string, code: string, texts: Record<string, string>, sortOrder = 0) {
  return callEndpoint(ctx.t.app, createDictionaryEntry, {
    token: ctx.platformToken,
    body: { type, code, texts, sortOrder },
  });
}

describe('dictionaries', () => {
  it('refuses a company administrator every management call with code 2', async () => {
    const type = freshType();
    const calls = [
      ctx.callAsCompanyAdmin(listDictionaryEntries),
      ctx.callAsCompanyAdmin(listDictionaryTypes),
      ctx.callAsCompanyAdmin(checkDictionaryCode, { query: { type, code: 'a' } }),
      ctx.callAsCompanyAdmin(createDictionaryEntry, {
        body: { type, code: 'a', texts: { en: 'A' } },
      }),
      ctx.callAsCompanyAdmin(updateDictionaryEntry, {
        params: { id: 1 },
        body: { texts: { en: 'A' } },
      }),
      ctx.callAsCompanyAdmin(setDictionaryEntryEnabled, {
        params: { id: 1 },
        body: { enabled: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('adds an entry; the code check and a second add of the code answer 5000', async () => {
    const type = freshType();
    const free = await callEndpoint(ctx.t.app, checkDictionaryCode, {
      token: ctx.platformToken,
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
    const check = await callEndpoint(ctx.t.app, checkDictionaryCode, {
      token: ctx.platformToken,
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
    await expectOneOfParallelAdds(() => create(type, 'meter', { en: 'Meter' }));
  });

  it('validates codes and requires the English text', async () => {
    const type = freshType();
    const badCode = await callEndpointLoosely(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'no spaces', texts: { en: 'X' } },
    });
    expect(badCode.code).toBe(ErrorCode.validation);
    const noEnglish = await callEndpointLoosely(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'x', texts: { de: 'X' } },
    });
    expect(noEnglish.code).toBe(ErrorCode.validation);
    const unknownLocale = await callEndpointLoosely(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'x', texts: { en: 'X', xx: 'Y' } },
    });
    expect(unknownLocale.code).toBe(ErrorCode.validation);
  });

  it('edits, disables and enables an entry; pages read enabled entries in their language', async () => {
    const type = freshType();
    const second = await endpointData(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'b', texts: { en: 'Bee' }, sortOrder: 2 },
    });
    await endpointData(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'a', texts: { en: 'Ay', fr: 'A fr' }, sortOrder: 1 },
    });
    const edited = await endpointData(ctx.t.app, updateDictionaryEntry, {
      token: ctx.platformToken,
      params: { id: second.id },
      body: { texts: { en: 'Bee', fr: 'Abeille' }, sortOrder: 0 },
    });
    expect(edited).toMatchObject({ sortOrder: 0, texts: { en: 'Bee', fr: 'Abeille' } });
    const fr = await endpointData(ctx.t.app, dictionaryOptions, {
      token: ctx.adminToken,
      query: { type, lan: 'fr' },
    });
    expect(fr).toEqual([
      { code: 'b', name: 'Abeille' },
      { code: 'a', name: 'A fr' },
    ]);
    const de = await endpointData(ctx.t.app, dictionaryOptions, {
      token: ctx.adminToken,
      query: { type, lan: 'de' },
    });
    expect(de.map((option) => option.name)).toEqual(['Bee', 'Ay']);

    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: second.id },
      body: { enabled: false },
    });
    const withoutDisabled = await endpointData(ctx.t.app, dictionaryOptions, {
      token: ctx.adminToken,
      query: { type },
    });
    expect(withoutDisabled).toEqual([{ code: 'a', name: 'Ay' }]);
    const list = await endpointData(ctx.t.app, listDictionaryEntries, {
      token: ctx.platformToken,
      query: { type },
    });
    expect(list.infos.map((entry) => [entry.code, entry.isEnabled])).toEqual([
      ['b', false],
      ['a', true],
    ]);
    const enabled = await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: second.id },
      body: { enabled: true },
    });
    expect(enabled.isEnabled).toBe(true);
  });

  it('searches by code or text and lists the types', async () => {
    const type = freshType();
    await create(type, 'pv-string', { en: 'String inverter', de: 'Strangwechselrichter' });
    await create(type, 'hybrid', { en: 'Hybrid' });
    const byText = await endpointData(ctx.t.app, listDictionaryEntries, {
      token: ctx.platformToken,
      query: { type, keyword: 'strang' },
    });
    expect(byText.infos.map((entry) => entry.code)).toEqual(['pv-string']);
    const types = await endpointData(ctx.t.app, listDictionaryTypes, { token: ctx.platformToken });
    expect(types).toContain(type);
  });

  it('records each change in the audit log', async () => {
    const type = freshType();
    const entry = await endpointData(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type, code: 'audited', texts: { en: 'Audited' } },
    });
    await endpointData(ctx.t.app, updateDictionaryEntry, {
      token: ctx.platformToken,
      params: { id: entry.id },
      body: { texts: { en: 'Audited again' } },
    });
    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: entry.id },
      body: { enabled: false },
    });
    await expectAudited(ctx, `dictionary entry ${entry.id} ${type}/audited`, [
      'dictionary.created',
      'dictionary.updated',
      'dictionary.disabled',
    ]);
  });

  it('answers code 2 for an unknown entry', async () => {
    const res = await callEndpoint(ctx.t.app, updateDictionaryEntry, {
      token: ctx.platformToken,
      params: { id: 2_000_000_000 },
      body: { texts: { en: 'X' } },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});
