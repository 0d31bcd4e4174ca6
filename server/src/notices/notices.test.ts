import { randomUUID } from 'node:crypto';
import { ErrorCode, viewNotice } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely, type EndpointCall } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { buildNotice, noticeDateParam } from '../test/fixtures/notices.factories.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await tokenFor(t.deps, (await buildUser(t.deps)).id);
});

/** Each test uses its own scope, so notices of other tests never match. */
const uniqueScope = () => `s${randomUUID().slice(0, 8)}`;
const AT = new Date('2031-05-04T10:30:00Z');

function view(query: EndpointCall<typeof viewNotice>['query'], bearer: string | null = token) {
  return callEndpoint(t.app, viewNotice, { ...(bearer ? { token: bearer } : {}), query });
}

describe('GET /api/v1/notice/view', () => {
  it('answers 401 without a token', async () => {
    const res = await view({ date: noticeDateParam(AT), scope: '0' }, null);
    expect(res.status).toBe(401);
  });

  it('answers code 4 for a malformed or impossible date', async () => {
    expect((await view({ date: '2031-05-04 10:30', scope: '0' })).code).toBe(ErrorCode.validation);
    expect((await view({ date: '2031-13-45-10-30-00', scope: '0' })).code).toBe(
      ErrorCode.validation,
    );
    const withoutScope = await callEndpointLoosely(t.app, viewNotice, {
      token,
      query: { date: noticeDateParam(AT) },
    });
    expect(withoutScope.code).toBe(ErrorCode.validation);
    expect((await view({ date: '2031-02-31-10-30-00', scope: '0' })).code).toBe(
      ErrorCode.validation,
    );
  });

  it('answers the publishing notice in effect for the scope', async () => {
    const scope = uniqueScope();
    const notice = await buildNotice(t.deps, { at: AT, scope, type: 1 });
    const res = await view({ date: noticeDateParam(AT), scope });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      id: notice.id,
      status: 0,
      type: 1,
      scope,
      startTime: notice.start_time.toISOString(),
      endTime: notice.end_time.toISOString(),
      effectiveTime: notice.effective_time.toISOString(),
      zhDesc: '系统维护',
      enDesc: 'System maintenance',
      zhDuration: '2小时',
      enDuration: '2 hours',
      suggests: [{ zhSuggest: '请提前导出数据', enSuggest: 'Export your data first' }],
    });
  });

  it('answers null outside the window, for other scopes and for unpublished or invalid notices', async () => {
    const scope = uniqueScope();
    await buildNotice(t.deps, { at: AT, scope, status: 1 });
    await buildNotice(t.deps, { at: AT, scope, status: 2 });
    expect((await view({ date: noticeDateParam(AT), scope })).data).toBeNull();
    const published = uniqueScope();
    await buildNotice(t.deps, { at: AT, scope: published });
    expect((await view({ date: noticeDateParam(AT), scope: uniqueScope() })).data).toBeNull();
    const later = new Date(AT.getTime() + 2 * 3_600_000);
    expect((await view({ date: noticeDateParam(later), scope: published })).data).toBeNull();
    const earlier = new Date(AT.getTime() - 2 * 3_600_000);
    expect((await view({ date: noticeDateParam(earlier), scope: published })).data).toBeNull();
  });

  it('prefers the notice that took effect last', async () => {
    const scope = uniqueScope();
    await buildNotice(t.deps, { at: AT, scope, effectiveTime: new Date(AT.getTime() - 7_200_000) });
    const newer = await buildNotice(t.deps, { at: AT, scope });
    expect((await view({ date: noticeDateParam(AT), scope })).data?.id).toBe(newer.id);
  });
});
