import {
  ErrorCode,
  languageEntries,
  listLanguageDictionaries,
  WEB_TEXTS_DICTIONARY,
} from '@solar/contract';
import { errorMessage } from '../i18n/error-messages.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callEndpoint, callEndpointLoosely, type EndpointCall } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

function entries(query: EndpointCall<typeof languageEntries>['query']) {
  return callEndpoint(t.app, languageEntries, { query });
}

/** Entries asked for with a query the contract refuses. */
function entriesLoosely(query: Record<string, string>) {
  return callEndpointLoosely(t.app, languageEntries, { query });
}

describe('GET /anonymous/language/dicts', () => {
  it('lists the error, notice and web dictionaries without a token', async () => {
    const res = await callEndpoint(t.app, listLanguageDictionaries);
    expect(res.code).toBe(0);
    expect(res.data.map((d) => d.code)).toEqual(
      expect.arrayContaining(['error', 'notice', WEB_TEXTS_DICTIONARY]),
    );
  });
});

describe('GET /anonymous/language/entrys', () => {
  it('answers code 4 for zh_CN (it travels as zh), an unknown language or a bad code', async () => {
    expect((await entriesLoosely({ code: 'error', lan: 'zh_CN' })).code).toBe(ErrorCode.validation);
    expect((await entriesLoosely({ code: 'error', lan: 'xx' })).code).toBe(ErrorCode.validation);
    expect((await entriesLoosely({ code: "error'--", lan: 'en' })).code).toBe(ErrorCode.validation);
    expect((await entriesLoosely({ lan: 'en' })).code).toBe(ErrorCode.validation);
  });

  it('answers the error catalogue in each of the 13 languages', async () => {
    const zh = await entries({ code: 'error', lan: 'zh' });
    expect(zh.data.entries['102']).toBe(errorMessage(102, 'zh_CN'));
    const cz = await entries({ code: 'error', lan: 'cz' });
    expect(cz.data.entries['700']).toBe(errorMessage(700, 'cz'));
    expect(Object.keys(cz.data.entries)).toHaveLength(Object.keys(zh.data.entries).length);
  });

  it('answers the notice dialog texts with their placeholders', async () => {
    const res = await entries({ code: 'notice', lan: 'en' });
    expect(res.data.entries['notice.body']).toContain('{startTime}');
    expect(res.data.entries['notice.upgrade']).toBe('an upgrade');
  });

  it('answers the web dictionary: empty at first, then what administrators wrote', async () => {
    const lan = 'fi';
    expect((await entries({ code: WEB_TEXTS_DICTIONARY, lan })).data.entries).toEqual({});

    await t.deps.db
      .insertInto('language_entries')
      .values({
        dictionary_code: WEB_TEXTS_DICTIONARY,
        lan,
        key: 'common:appName',
        value: 'Aurinko',
      })
      .execute();
    const res = await entries({ code: WEB_TEXTS_DICTIONARY, lan });
    expect(res.data.entries).toEqual({ 'common:appName': 'Aurinko' });
  });

  it('answers no entries for an unknown dictionary', async () => {
    const res = await entries({ code: 'nothing-here', lan: 'fr' });
    expect(res).toMatchObject({ code: 0, data: { code: 'nothing-here', lan: 'fr', entries: {} } });
  });
});

describe('caching of GET /anonymous/language/entrys', () => {
  afterEach(() => vi.useRealTimers());

  it('lets browsers keep the answer until the next UTC midnight', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T23:58:30.250Z'));
    const res = await entries({ code: 'notice', lan: 'de' });
    expect(res.code).toBe(0);
    expect(res.raw.headers['cache-control']).toBe('public, max-age=90');
  });

  it('is not cacheable when the answer is an error', async () => {
    const res = await entriesLoosely({ code: 'notice', lan: 'zh_CN' });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.raw.headers['cache-control']).toBeUndefined();
  });

  it('has the dictionary list revalidated on every use, like every other GET answer', async () => {
    const res = await callEndpoint(t.app, listLanguageDictionaries);
    expect(res.raw.headers['cache-control']).toBe('private, no-cache');
  });
});
