import {
  countMissingWebTexts,
  ErrorCode,
  LOCALES,
  languageEntries,
  listAuditEntries,
  listWebTexts,
  removeWebText,
  setWebText,
  WEB_TEXTS_DICTIONARY,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildUser } from '../test/factories.js';
import { buildPlatformAdminContext, type PlatformAdminContext } from '../test/platform-admin.js';
import type { BuiltInWebTexts } from './web-texts.js';
import { WebTextsService } from './web-texts.service.js';

let ctx: PlatformAdminContext;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

function override(body: { key: string; lan: 'el' | 'pt' | 'tr'; value: string }) {
  return callEndpointLoosely(ctx.t.app, setWebText, { token: ctx.platformToken, body });
}

function removal(query: { key: string; lan: 'el' | 'pt' | 'tr' }) {
  return callEndpoint(ctx.t.app, removeWebText, { token: ctx.platformToken, query });
}

function listed(query: { lan: 'el' | 'pt' | 'tr'; keyword?: string; missingOnly?: boolean }) {
  return endpointData(ctx.t.app, listWebTexts, { token: ctx.platformToken, query });
}

describe('web text overrides', () => {
  it('lists a built-in text by key search, overrides it, serves it to clients and removes it', async () => {
    const key = 'menu:managementDictionaries';
    const before = await listed({ lan: 'pt', keyword: key });
    expect(before.infos).toEqual([
      expect.objectContaining({ key, english: 'Dictionaries', override: null, isMissing: false }),
    ]);
    const saved = await override({ key, lan: 'pt', value: '  Listas de códigos  ' });
    expect(saved.data).toMatchObject({ key, override: 'Listas de códigos' });
    const served = await endpointData(ctx.t.app, languageEntries, {
      query: { code: WEB_TEXTS_DICTIONARY, lan: 'pt' },
    });
    expect(served.entries[key]).toBe('Listas de códigos');
    const byText = await listed({ lan: 'pt', keyword: 'listas de CÓDIGOS' });
    expect(byText.infos.map((text) => text.key)).toEqual([key]);

    const removed = await removal({ key, lan: 'pt' });
    expect(removed.data).toMatchObject({ key, override: null });
    const after = await endpointData(ctx.t.app, languageEntries, {
      query: { code: WEB_TEXTS_DICTIONARY, lan: 'pt' },
    });
    expect(after.entries[key]).toBeUndefined();
  });

  it('records who set and removed an override in the audit log', async () => {
    const key = 'menu:managementProducts';
    await override({ key, lan: 'tr', value: 'Ürün kataloğu' });
    await removal({ key, lan: 'tr' });
    const target = `web text ${key} (tr)`;
    for (const action of ['languageText.set', 'languageText.removed'] as const) {
      const log = await endpointData(ctx.t.app, listAuditEntries, {
        token: ctx.platformToken,
        query: { action, size: 200 },
      });
      expect(log.infos.some((entry) => entry.target === target)).toBe(true);
    }
  });

  it('answers code 4 to an unknown key, a malformed key, an empty or an over-long text', async () => {
    const answers = await Promise.all([
      override({ key: 'menu:noSuchText', lan: 'el', value: 'x' }),
      override({ key: 'server:notices.body', lan: 'el', value: 'x' }),
      override({ key: 'no namespace', lan: 'el', value: 'x' }),
      override({ key: 'menu:plants', lan: 'el', value: '   ' }),
      override({ key: 'menu:plants', lan: 'el', value: 'x'.repeat(2001) }),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual(
      Array.from({ length: 5 }, () => ErrorCode.validation),
    );
  });

  it('answers a company administrator code 2', async () => {
    const res = await callEndpointLoosely(ctx.t.app, setWebText, {
      token: ctx.adminToken,
      body: { key: 'menu:plants', lan: 'el', value: 'x' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('counts missing texts for every language', async () => {
    const counts = await endpointData(ctx.t.app, countMissingWebTexts, {
      token: ctx.platformToken,
    });
    expect(counts.map((count) => count.lan)).toHaveLength(LOCALES.length);
    expect(counts.find((count) => count.lan === 'en')?.missing).toBe(0);
  });
});

/** Built-in texts where German lacks one key and French copies English for another. */
function fabricated(): BuiltInWebTexts {
  const english = new Map([
    ['menu:plants', 'Plants'],
    ['menu:alarms', 'Alarms'],
    ['common:ok', 'OK'],
  ]);
  const translated = (locale: string) =>
    new Map([...english].map(([key, text]) => [key, `${text} (${locale})`]));
  const textsIn = Object.fromEntries(
    LOCALES.map((locale) => [locale, locale === 'en' ? english : translated(locale)]),
  ) as BuiltInWebTexts['textsIn'];
  textsIn.de.delete('menu:alarms');
  textsIn.fr.set('common:ok', 'OK');
  textsIn.fr.set('menu:plants', 'Plants');
  textsIn.es = new Map([
    ['menu:plants', 'Plantas'],
    ['menu:alarms', 'Alarmas'],
    ['common:ok', 'OK'],
  ]);
  return { keys: [...english.keys()].sort(), textsIn };
}

describe('missing texts per language', () => {
  it('lists keys a locale lacks or copies from English (not shared words) until overridden', async () => {
    const texts = new WebTextsService(ctx.t.deps.db, fabricated);
    const admin = await buildUser(ctx.t.deps, { kind: 'platform_admin' });
    const actor = { userId: admin.id, email: admin.email, address: '127.0.0.1' };
    const missingIn = async (lan: 'de' | 'fr' | 'es') =>
      (await texts.list({ lan, page: 1, size: 20, missingOnly: true })).rows.map((row) => row.key);
    expect(await missingIn('de')).toEqual(['menu:alarms']);
    // "OK" is a word French shares with English; "Plants" is an untranslated copy.
    expect(await missingIn('fr')).toEqual(['menu:plants']);
    // Spanish does not share "OK" in the shared-word list.
    expect(await missingIn('es')).toEqual(['common:ok']);
    const counts = new Map((await texts.countMissing()).map((row) => [row.lan, row.missing]));
    expect([counts.get('de'), counts.get('fr'), counts.get('en')]).toEqual([1, 1, 0]);

    await texts.set(actor, { key: 'menu:alarms', lan: 'de', value: 'Alarme' });
    expect(await missingIn('de')).toEqual([]);
    await texts.remove(actor, { key: 'menu:alarms', lan: 'de' });
    expect(await missingIn('de')).toEqual(['menu:alarms']);
  });
});
