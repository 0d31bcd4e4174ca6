import {
  ErrorCode,
  latestVersion,
  publicVersionTimeline,
  versionNotes,
  versionTimeline,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely, type EndpointCall } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let token: string;
/** Versions far in the future, so they are the newest whatever other tests add. */
const OLDER = '90.1.0';
const NEWER = '90.2.0';
beforeAll(async () => {
  t = await buildTestApp();
  token = await tokenFor(t.deps, (await buildUser(t.deps)).id);
  await t.deps.db
    .insertInto('versions')
    .values([
      {
        version: OLDER,
        released_at: new Date('2099-01-01T00:00:00Z'),
        notes: JSON.stringify({ en: 'First notes', zh: '第一版说明' }),
      },
      {
        version: NEWER,
        released_at: new Date('2099-02-01T00:00:00Z'),
        notes: JSON.stringify({ en: 'Second notes', de: 'Zweite Hinweise' }),
      },
    ])
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
});

describe('GET /api/v1/version/latest', () => {
  it('answers 401 without a token', async () => {
    expect((await callEndpoint(t.app, latestVersion)).status).toBe(401);
  });

  it('answers the newest release', async () => {
    const res = await callEndpoint(t.app, latestVersion, { token });
    expect(res).toMatchObject({ code: 0, data: { version: NEWER } });
  });
});

describe('GET /api/v1/version/notes', () => {
  const notes = (
    query: EndpointCall<typeof versionNotes>['query'],
    bearer: string | null = token,
  ) => callEndpoint(t.app, versionNotes, { ...(bearer ? { token: bearer } : {}), query });

  it('answers 401 without a token and code 4 for a bad language or version', async () => {
    expect((await notes({ lan: 'en' }, null)).status).toBe(401);
    const zhCn = await callEndpointLoosely(t.app, versionNotes, { token, query: { lan: 'zh_CN' } });
    expect(zhCn.code).toBe(ErrorCode.validation);
    expect((await notes({ lan: 'en', version: 'v1; drop' })).code).toBe(ErrorCode.validation);
  });

  it('answers the notes in the language, falling back to English', async () => {
    expect((await notes({ lan: 'zh', version: OLDER })).data).toEqual({
      version: OLDER,
      content: '第一版说明',
    });
    expect((await notes({ lan: 'de' })).data).toEqual({
      version: NEWER,
      content: 'Zweite Hinweise',
    });
    expect((await notes({ lan: 'fr', version: NEWER })).data).toEqual({
      version: NEWER,
      content: 'Second notes',
    });
  });

  it('answers null for an unknown version', async () => {
    expect((await notes({ lan: 'en', version: '0.0.1' })).data).toBeNull();
  });
});

describe('version timeline', () => {
  it('answers 401 without a token on the signed-in path', async () => {
    expect((await callEndpoint(t.app, versionTimeline)).status).toBe(401);
  });

  it('answers code 4 for a bad page size', async () => {
    const res = await callEndpointLoosely(t.app, versionTimeline, { token, query: { size: '0' } });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('lists releases newest first, signed in or public', async () => {
    for (const [endpoint, bearer] of [
      [versionTimeline, { token }],
      [publicVersionTimeline, {}],
    ] as const) {
      const res = await callEndpoint(t.app, endpoint, {
        ...bearer,
        query: { lan: 'en', page: '1', size: '2' },
      });
      expect(res.code).toBe(0);
      expect(res.data.infos).toEqual([
        { version: NEWER, releasedAt: '2099-02-01T00:00:00.000Z', content: 'Second notes' },
        { version: OLDER, releasedAt: '2099-01-01T00:00:00.000Z', content: 'First notes' },
      ]);
      expect(res.data.total).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers code 4 for a bad or reversed time range or a too long version search', async () => {
    for (const query of [
      { from: '2099-1-1' },
      { to: 'yesterday' },
      // A bare day says nothing of its zone: the page sends the instants of the user's day.
      { from: '2099-01-01' },
      { from: '2099-01-02T00:00:00+08:00', to: '2099-01-01T15:59:59Z' },
      { version: '9'.repeat(21) },
    ]) {
      const res = await callEndpointLoosely(t.app, versionTimeline, { token, query });
      expect(res.code, JSON.stringify(query)).toBe(ErrorCode.validation);
    }
  });

  it('filters by part of the version name and by a range of release instants, with paging', async () => {
    const page = (query: EndpointCall<typeof versionTimeline>['query']) =>
      callEndpoint(t.app, versionTimeline, { token, query });
    const byName = await page({ lan: 'en', version: '90.1' });
    expect(byName.data).toEqual({
      infos: [{ version: OLDER, releasedAt: '2099-01-01T00:00:00.000Z', content: 'First notes' }],
      total: 1,
    });
    // 31 December in New York holds the release at midnight UTC (19:00 there).
    const newYorkDay = await page({
      lan: 'en',
      from: '2098-12-31T00:00:00-05:00',
      to: '2099-01-01T00:00:00-05:00',
    });
    expect(newYorkDay.data.infos.map((item) => item.version)).toEqual([OLDER]);
    // The start is included and the end is not: a start on a release keeps it, an end on one
    // leaves it out.
    const between = await page({
      lan: 'en',
      from: '2099-01-01T00:00:00Z',
      to: '2099-02-01T00:00:00Z',
    });
    expect(between.data.infos.map((item) => item.version)).toEqual([OLDER]);
    const second = await page({
      lan: 'en',
      version: '90.',
      from: '2099-01-01T00:00:00Z',
      page: 2,
      size: 1,
    });
    expect(second.data).toMatchObject({ infos: [{ version: OLDER }], total: 2 });
  });

  it('keeps the public timeline unfiltered', async () => {
    const res = await callEndpointLoosely(t.app, publicVersionTimeline, {
      query: { lan: 'en', version: '90.1', size: '2' },
    });
    expect(res.data).toMatchObject({ infos: [{ version: NEWER }, { version: OLDER }] });
  });
});
