import { ErrorCode, listSmsMessages } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildUser } from '../test/factories.js';
import { buildPlatformAdminContext, type PlatformAdminContext } from '../test/platform-admin.js';
import { buildOutboxMessage } from '../test/fixtures/sms.factories.js';

let ctx: PlatformAdminContext;
beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

/**
 * The outbox holds the texts other test files send now; the rows here are dated days ahead, so
 * they are the newest and lead the list.
 */
let minutesAhead = 3 * 24 * 60;
function later(): Date {
  minutesAhead += 1;
  return new Date(Date.now() + minutesAhead * 60_000);
}

function list(query: { page?: number; size?: number; status?: 'queued' | 'sent' | 'failed' }) {
  return endpointData(ctx.t.app, listSmsMessages, { token: ctx.platformToken, query });
}

describe('GET /api/v1/management/sms', () => {
  it('answers 401 without a token and refuses a company administrator with code 2', async () => {
    expect((await callEndpoint(ctx.t.app, listSmsMessages)).status).toBe(401);
    const res = await callEndpoint(ctx.t.app, listSmsMessages, { token: ctx.adminToken });
    expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('lists the outbox newest first, page by page, with the account texted', async () => {
    const account = await buildUser(ctx.t.deps);
    const sentAt = later();
    const sent = await buildOutboxMessage(ctx.t.deps, {
      user_id: account.id,
      status: 'sent',
      attempts: 1,
      created_at: sentAt,
      sent_at: sentAt,
    });
    const failed = await buildOutboxMessage(ctx.t.deps, {
      purpose: 'verification',
      text: 'Your code is 123456',
      status: 'failed',
      attempts: 3,
      error: 'gateway answered 503',
      created_at: later(),
    });
    const queued = await buildOutboxMessage(ctx.t.deps, { created_at: later() });

    const first = await list({ page: 1, size: 2 });
    expect(first.infos.map((sms) => sms.id)).toEqual([queued.id, failed.id]);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const second = await list({ page: 2, size: 2 });
    expect(second.infos[0]).toEqual({
      id: sent.id,
      phone: sent.phone,
      text: sent.text,
      purpose: 'alarm',
      status: 'sent',
      attempts: 1,
      error: null,
      userEmail: account.email,
      createdAt: sentAt.toISOString(),
      sentAt: sentAt.toISOString(),
    });
    expect(first.infos[1]).toMatchObject({
      purpose: 'verification',
      status: 'failed',
      error: 'gateway answered 503',
      userEmail: null,
      sentAt: null,
    });
  });

  it('filters by delivery status', async () => {
    const failed = await buildOutboxMessage(ctx.t.deps, { status: 'failed', created_at: later() });
    await buildOutboxMessage(ctx.t.deps, { created_at: later() });
    const page = await list({ status: 'failed', size: 100 });
    expect(page.infos[0]?.id).toBe(failed.id);
    expect(page.infos.every((sms) => sms.status === 'failed')).toBe(true);
  });
});
