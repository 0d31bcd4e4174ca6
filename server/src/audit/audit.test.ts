import { ErrorCode, listAuditEntries } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { recordAudit } from './audit.service.js';

let t: TestApp;
let platformToken: string;
const actorEmail = `audit-filters-${Date.now()}@example.com`;

/** One entry a day at noon UTC, 1 to 3 March 2026. */
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  const admin = await buildUser(t.deps, { kind: 'platform_admin', email: actorEmail });
  platformToken = await tokenFor(t.deps, admin.id);
  const actor = { userId: admin.id, email: actorEmail, address: '198.51.100.4' };
  for (const day of DAYS) {
    await recordAudit(t.deps.db, actor, { action: 'notice.published', target: `notice ${day}` });
    await t.deps.db
      .updateTable('audit_entries')
      .set({ created_at: new Date(`${day}T12:00:00Z`) })
      .where('actor_email', '=', actorEmail)
      .where('target', '=', `notice ${day}`)
      .execute();
  }
});

const targetsOf = async (query: { from?: string; to?: string; action?: 'notice.published' }) => {
  const page = await endpointData(t.app, listAuditEntries, {
    token: platformToken,
    query: { actor: actorEmail, size: 50, ...query },
  });
  return page.infos.map((entry) => entry.target);
};

describe('audit log filters', () => {
  it('selects the entries of a time range, its start included and its end not, newest first', async () => {
    expect(await targetsOf({})).toEqual([
      'notice 2026-03-03',
      'notice 2026-03-02',
      'notice 2026-03-01',
    ]);
    expect(await targetsOf({ from: '2026-03-02T12:00:00Z', to: '2026-03-03T12:00:00Z' })).toEqual([
      'notice 2026-03-02',
    ]);
    expect(await targetsOf({ to: '2026-03-01T23:59:59+02:00' })).toEqual(['notice 2026-03-01']);
    expect(await targetsOf({ from: '2026-03-03T12:00:01Z' })).toEqual([]);
  });

  it('refuses a range that does not end after it starts, and bare days, with code 4', async () => {
    for (const query of [
      { from: '2026-03-03T00:00:00+08:00', to: '2026-03-02T15:59:59Z' },
      { from: '2026-03-03T00:00:00+08:00', to: '2026-03-02T16:00:00Z' },
      { from: '2026-03-02' },
    ]) {
      const res = await callEndpointLoosely(t.app, listAuditEntries, {
        token: platformToken,
        query,
      });
      expect(res.code, JSON.stringify(query)).toBe(ErrorCode.validation);
    }
  });

  it('keeps the address and the actor of each entry', async () => {
    const page = await endpointData(t.app, listAuditEntries, {
      token: platformToken,
      query: { actor: actorEmail, action: 'notice.published', size: 1 },
    });
    expect(page.total).toBe(3);
    expect(page.infos[0]).toMatchObject({ actorEmail, address: '198.51.100.4' });
  });
});
