import {
  checkDictionaryCode,
  createDictionaryEntry,
  DEVICE_KINDS,
  DICTIONARY_TYPES,
  dictionaryOptions,
  ErrorCode,
  EVENT_LEVEL_LETTERS,
  listDictionaryEntries,
  type ServerLanguage,
  setDictionaryEntryEnabled,
  updateDictionaryEntry,
} from '@solar/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';
import { seedBuiltInDictionaries } from './built-in-entries.js';

/*
 * The device types and event levels the pages name and filter by. The tests change only the
 * `ess` device type and the `W` level, and put them back afterwards.
 */
const ctx = platformAdminContextForFile();

async function entryOf(type: string, code: string) {
  const page = await endpointData(ctx.t.app, listDictionaryEntries, {
    token: ctx.platformToken,
    query: { type, keyword: code, size: 100 },
  });
  const entry = page.infos.find((row) => row.code === code);
  if (!entry) throw new Error(`${type}/${code} is not seeded`);
  return entry;
}

function options(type: string, lan: ServerLanguage = 'en') {
  return endpointData(ctx.t.app, dictionaryOptions, {
    token: ctx.adminToken,
    query: { type, lan },
  });
}

afterAll(async () => {
  await ctx.t.deps.db
    .updateTable('dictionary_entries')
    .set({ is_enabled: true })
    .where((eb) =>
      eb.or([
        eb.and({ type: DICTIONARY_TYPES.deviceType, code: 'ess' }),
        eb.and({ type: DICTIONARY_TYPES.eventLevel, code: 'W' }),
      ]),
    )
    .execute();
});

describe('the device type and event level dictionaries', () => {
  it('are seeded with every device kind and level letter, named in the reader’s language', async () => {
    const en = await options(DICTIONARY_TYPES.deviceType);
    expect(en.map((entry) => entry.code)).toEqual(DEVICE_KINDS);
    expect(en.find((entry) => entry.code === 'heat_pump')?.name).toBe('Heat pump');
    const de = await options(DICTIONARY_TYPES.deviceType, 'de');
    expect(de.find((entry) => entry.code === 'inverter')?.name).toBe('Wechselrichter');
    expect(de.find((entry) => entry.code === 'switch')?.name).toBe('Schalter');
    const zh = await options(DICTIONARY_TYPES.deviceType, 'zh');
    expect(zh.find((entry) => entry.code === 'battery')?.name).toBe('电池');

    const inverter = await entryOf(DICTIONARY_TYPES.deviceType, 'inverter');
    expect(Object.keys(inverter.texts)).toHaveLength(13);

    const levels = await entryOf(DICTIONARY_TYPES.eventLevel, 'P');
    expect(Object.keys(levels.texts)).toHaveLength(13);
    const fr = await options(DICTIONARY_TYPES.eventLevel, 'fr');
    expect(fr.map((entry) => entry.code).sort()).toEqual([...EVENT_LEVEL_LETTERS].sort());
    expect(fr.find((entry) => entry.code === 'P')?.name).toBe('Protection');
    expect(fr.find((entry) => entry.code === 'F')?.name).toBe('Défaut');
  });

  it('lists the levels as the events pages did: protect, warning, fault', async () => {
    const page = await endpointData(ctx.t.app, listDictionaryEntries, {
      token: ctx.platformToken,
      query: { type: DICTIONARY_TYPES.eventLevel },
    });
    expect(page.infos.map((entry) => entry.code)).toEqual(['P', 'W', 'F']);
  });

  it('offers no disabled entry, and a seed at the next start leaves it disabled', async () => {
    const ess = await entryOf(DICTIONARY_TYPES.deviceType, 'ess');
    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: ess.id },
      body: { enabled: false },
    });
    const warning = await entryOf(DICTIONARY_TYPES.eventLevel, 'W');
    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: warning.id },
      body: { enabled: false },
    });
    await seedBuiltInDictionaries(ctx.t.deps.db);

    const kinds = await options(DICTIONARY_TYPES.deviceType, 'de');
    expect(kinds.map((entry) => entry.code)).not.toContain('ess');
    expect(kinds.map((entry) => entry.code)).toContain('inverter');
    const levels = await options(DICTIONARY_TYPES.eventLevel);
    expect(levels.map((entry) => entry.code)).toEqual(['P', 'F']);
    expect((await entryOf(DICTIONARY_TYPES.deviceType, 'ess')).isEnabled).toBe(false);

    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: ess.id },
      body: { enabled: true },
    });
    await endpointData(ctx.t.app, setDictionaryEntryEnabled, {
      token: ctx.platformToken,
      params: { id: warning.id },
      body: { enabled: true },
    });
    expect((await options(DICTIONARY_TYPES.eventLevel)).map((entry) => entry.code)).toEqual([
      'P',
      'W',
      'F',
    ]);
  });

  it('renames an entry: pages read the new text, and the next seed keeps it', async () => {
    const ess = await entryOf(DICTIONARY_TYPES.deviceType, 'ess');
    await endpointData(ctx.t.app, updateDictionaryEntry, {
      token: ctx.platformToken,
      params: { id: ess.id },
      body: { texts: { ...ess.texts, en: 'Home battery system' }, sortOrder: ess.sortOrder },
    });
    await seedBuiltInDictionaries(ctx.t.deps.db);
    const en = await options(DICTIONARY_TYPES.deviceType);
    expect(en.find((entry) => entry.code === 'ess')?.name).toBe('Home battery system');
    await endpointData(ctx.t.app, updateDictionaryEntry, {
      token: ctx.platformToken,
      params: { id: ess.id },
      body: { texts: ess.texts, sortOrder: ess.sortOrder },
    });
  });

  it('refuses a new device type or level code; a seeded one answers 5000', async () => {
    for (const [type, code] of [
      [DICTIONARY_TYPES.deviceType, 'datalogger'],
      [DICTIONARY_TYPES.deviceType, 'Inverter'],
      [DICTIONARY_TYPES.eventLevel, 'X'],
    ] as const) {
      const created = await callEndpointLoosely(ctx.t.app, createDictionaryEntry, {
        token: ctx.platformToken,
        body: { type, code, texts: { en: 'New' } },
      });
      expect(created.code, `${type}/${code}`).toBe(ErrorCode.validation);
      expect(JSON.stringify(created.data)).toContain('validation.builtInDictionaryCode');
      const check = await callEndpointLoosely(ctx.t.app, checkDictionaryCode, {
        token: ctx.platformToken,
        query: { type, code },
      });
      expect(check.code, `check ${type}/${code}`).toBe(ErrorCode.validation);
    }
    const taken = await callEndpoint(ctx.t.app, createDictionaryEntry, {
      token: ctx.platformToken,
      body: { type: DICTIONARY_TYPES.deviceType, code: 'inverter', texts: { en: 'Inverter' } },
    });
    expect(taken.code).toBe(ErrorCode.codeExists);
    const check = await callEndpoint(ctx.t.app, checkDictionaryCode, {
      token: ctx.platformToken,
      query: { type: DICTIONARY_TYPES.eventLevel, code: 'F' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
  });
});
