import { randomUUID } from 'node:crypto';
import {
  createNotice,
  ErrorCode,
  invalidateNotice,
  listAuditEntries,
  listNotices,
  type NoticeDraft,
  NoticeStatus,
  publishNotice,
  updateNotice,
  viewNotice,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { noticeDateParam } from '../test/fixtures/notices.factories.js';

let t: TestApp;
let platformToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  platformToken = await tokenFor(t.deps, (await buildUser(t.deps, { kind: 'platform_admin' })).id);
});

const publish = (id: number) =>
  callEndpoint(t.app, publishNotice, { token: platformToken, params: { id } });
const invalidate = (id: number) =>
  callEndpoint(t.app, invalidateNotice, { token: platformToken, params: { id } });

const draft = (overrides: Partial<NoticeDraft> = {}): NoticeDraft => ({
  type: 1,
  scope: `s${randomUUID().slice(0, 8)}`,
  startTime: '2031-05-04T08:00:00Z',
  endTime: '2031-05-04T12:00:00Z',
  effectiveTime: '2031-05-04T08:00:00Z',
  zhDesc: '系统升级',
  enDesc: 'System upgrade',
  zhDuration: '4小时',
  enDuration: '4 hours',
  suggests: [{ zhSuggest: '请提前保存', enSuggest: 'Save your work first' }],
  ...overrides,
});

async function created(overrides: Partial<NoticeDraft> = {}) {
  const res = await callEndpoint(t.app, createNotice, {
    token: platformToken,
    body: draft(overrides),
  });
  expect(res.code, res.msg).toBe(0);
  return res.data ?? expect.fail('no notice');
}

describe('notice management', () => {
  it('refuses a company administrator with code 2', async () => {
    const { adminToken } = await buildCompanyWithStaff(t.deps);
    const res = await callEndpoint(t.app, createNotice, { token: adminToken, body: draft() });
    expect(res.code).toBe(ErrorCode.noPermission);
    const list = await callEndpoint(t.app, listNotices, { token: adminToken });
    expect(list.code).toBe(ErrorCode.noPermission);
  });

  it('answers code 4 when the effective time is before the start or the start not before the end', async () => {
    const early = await callEndpointLoosely(t.app, createNotice, {
      token: platformToken,
      body: draft({ effectiveTime: '2031-05-04T07:59:59Z' }),
    });
    expect(early.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(early.data)).toContain('effectiveTime');
    const reversed = await callEndpointLoosely(t.app, createNotice, {
      token: platformToken,
      body: draft({ endTime: '2031-05-04T08:00:00Z' }),
    });
    expect(reversed.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(reversed.data)).toContain('endTime');
  });

  it('walks unpublished → publishing → invalid, and the shell sees it only while publishing', async () => {
    const notice = await created();
    expect(notice.status).toBe(NoticeStatus.unpublished);
    const viewer = await tokenFor(t.deps, (await buildUser(t.deps)).id);
    const at = { date: noticeDateParam(new Date('2031-05-04T10:00:00Z')), scope: notice.scope };
    const before = await callEndpoint(t.app, viewNotice, { token: viewer, query: at });
    expect(before.data).toBeNull();

    const published = await publish(notice.id);
    expect(published.data?.status).toBe(NoticeStatus.publishing);
    const shown = await callEndpoint(t.app, viewNotice, { token: viewer, query: at });
    expect(shown.data).toMatchObject({ id: notice.id, type: 1, enDesc: 'System upgrade' });

    const again = await publish(notice.id);
    expect(again.code).toBe(ErrorCode.noPermission);

    const invalid = await invalidate(notice.id);
    expect(invalid.data?.status).toBe(NoticeStatus.invalid);
    expect((await callEndpoint(t.app, viewNotice, { token: viewer, query: at })).data).toBeNull();
  });

  it('keeps an invalid notice final: no edit, no publishing, no second invalidation', async () => {
    const notice = await created();
    await invalidate(notice.id);
    const edit = await callEndpoint(t.app, updateNotice, {
      token: platformToken,
      params: { id: notice.id },
      body: draft({ enDesc: 'Changed' }),
    });
    expect(edit.code).toBe(ErrorCode.noPermission);
    const republish = await publish(notice.id);
    expect(republish.code).toBe(ErrorCode.noPermission);
    const twice = await invalidate(notice.id);
    expect(twice.code).toBe(ErrorCode.noPermission);
  });

  it('edits an unpublished notice and lists notices by status', async () => {
    const notice = await created();
    const edited = await callEndpoint(t.app, updateNotice, {
      token: platformToken,
      params: { id: notice.id },
      body: draft({ scope: notice.scope, enDesc: 'Maintenance window', type: 0, suggests: [] }),
    });
    expect(edited.data).toMatchObject({ enDesc: 'Maintenance window', type: 0, suggests: [] });
    const list = await callEndpoint(t.app, listNotices, {
      token: platformToken,
      query: { status: NoticeStatus.unpublished, size: 200 },
    });
    expect(list.data?.infos.some((row) => row.id === notice.id)).toBe(true);
    expect(list.data?.infos.every((row) => row.status === NoticeStatus.unpublished)).toBe(true);
  });

  it('audits publishing with the notice and the administrator', async () => {
    const notice = await created({ enDesc: `Audited ${randomUUID().slice(0, 6)}` });
    await publish(notice.id);
    const log = await callEndpoint(t.app, listAuditEntries, {
      token: platformToken,
      query: { action: 'notice.published' },
    });
    expect(log.data?.infos.some((entry) => entry.target.includes(notice.enDesc))).toBe(true);
  });
});
