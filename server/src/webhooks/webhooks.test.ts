import {
  createWebhook,
  deleteWebhook,
  ErrorCode,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof buildSignedInOwner>>;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildSignedInOwner(t.deps);
  company = await buildCompanyWithStaff(t.deps, ['company.webhook']);
});

// A literal public address: checked without DNS, never called by these tests (no worker runs).
const PUBLIC_URL = 'http://8.8.8.8/hooks/solar';

describe('webhook management', () => {
  it('answers 401 without a session and names invalid fields', async () => {
    expect((await callEndpoint(t.app, listWebhooks, { query: {} })).status).toBe(401);
    const invalid = await callEndpointLoosely(t.app, createWebhook, {
      token: owner.token,
      body: { url: 'ftp://8.8.8.8/x', events: ['event.unknown'] },
    });
    expect(invalid.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(invalid.data)).toMatch(/url/);
    expect(JSON.stringify(invalid.data)).toMatch(/events/);
  });

  it.each([
    'http://127.0.0.1:9/hook',
    'http://10.20.30.40/hook',
    'http://[::1]:9/hook',
    'http://localhost:9/hook',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses the private target %s with 1511', async (url) => {
    const res = await callEndpoint(t.app, createWebhook, {
      token: owner.token,
      body: { url, events: ['event.opened'] },
    });
    expect(res.code).toBe(ErrorCode.webhookTargetRefused);
  });

  it('creates a personal webhook whose secret is shown once, lists, changes and deletes it', async () => {
    const created = await endpointData(t.app, createWebhook, {
      token: owner.token,
      body: { url: PUBLIC_URL, events: ['event.opened', 'plant.offline'] },
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await endpointData(t.app, listWebhooks, { token: owner.token, query: {} });
    expect(listed.webhooks).toEqual([
      expect.objectContaining({
        id: created.id,
        url: PUBLIC_URL,
        events: ['event.opened', 'plant.offline'],
        scope: 'personal',
        isEnabled: true,
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6));

    const updated = await callEndpoint(t.app, updateWebhook, {
      token: owner.token,
      params: { id: created.id },
      body: { events: ['event.closed'], isEnabled: false },
    });
    expect(updated.code).toBe(ErrorCode.ok);
    const refused = await callEndpoint(t.app, updateWebhook, {
      token: owner.token,
      params: { id: created.id },
      body: { url: 'http://192.168.0.10/' },
    });
    expect(refused.code).toBe(ErrorCode.webhookTargetRefused);
    const after = await endpointData(t.app, listWebhooks, { token: owner.token, query: {} });
    expect(after.webhooks[0]).toMatchObject({
      events: ['event.closed'],
      isEnabled: false,
      url: PUBLIC_URL,
    });

    const deleted = await callEndpoint(t.app, deleteWebhook, {
      token: owner.token,
      params: { id: created.id },
      body: {},
    });
    expect(deleted.code).toBe(ErrorCode.ok);
    expect(
      (await endpointData(t.app, listWebhooks, { token: owner.token, query: {} })).webhooks,
    ).toEqual([]);
  });

  it('takes at most 10 test events a minute per webhook, however many arrive at once', async () => {
    const { id } = await endpointData(t.app, createWebhook, {
      token: owner.token,
      body: { url: PUBLIC_URL, events: ['event.opened'] },
    });
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        callEndpoint(t.app, sendTestWebhook, { token: owner.token, params: { id }, body: {} }),
      ),
    );
    const codes = answers.map((answer) => answer.code).sort((a, b) => a - b);
    expect(codes).toEqual([...Array(10).fill(0), ...Array(5).fill(ErrorCode.tooManyAttempts)]);
  });

  it('rotates the secret with a 24-hour overlap', async () => {
    const created = await endpointData(t.app, createWebhook, {
      token: owner.token,
      body: { url: PUBLIC_URL, events: ['event.opened'] },
    });
    const rotated = await endpointData(t.app, rotateWebhookSecret, {
      token: owner.token,
      params: { id: created.id },
      body: {},
    });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const overlapHours = (Date.parse(rotated.previousSecretExpiresAt) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
  });

  it('keeps company webhooks to holders of company.webhook.manage, and tenants apart', async () => {
    const body = { url: PUBLIC_URL, events: ['event.opened' as const], companyWide: true };
    const byOwner = await callEndpoint(t.app, createWebhook, { token: owner.token, body });
    expect(byOwner.code).toBe(ErrorCode.noPermission);
    const byViewer = await callEndpoint(t.app, createWebhook, { token: company.staffToken, body });
    expect(byViewer.code).toBe(ErrorCode.noPermission);

    const created = await endpointData(t.app, createWebhook, { token: company.adminToken, body });
    const seenByStaff = await endpointData(t.app, listWebhooks, {
      token: company.staffToken,
      query: { scope: 'company' },
    });
    expect(seenByStaff.webhooks.map((hook) => hook.id)).toEqual([created.id]);
    const logByStaff = await callEndpoint(t.app, listWebhookDeliveries, {
      token: company.staffToken,
      params: { id: created.id },
    });
    expect(logByStaff.code).toBe(ErrorCode.ok);
    const testByStaff = await callEndpoint(t.app, sendTestWebhook, {
      token: company.staffToken,
      params: { id: created.id },
      body: {},
    });
    expect(testByStaff.code).toBe(ErrorCode.noPermission);

    const other = await buildCompanyWithStaff(t.deps);
    for (const token of [other.adminToken, owner.token]) {
      const res = await callEndpoint(t.app, deleteWebhook, {
        token,
        params: { id: created.id },
        body: {},
      });
      expect(res.code).toBe(ErrorCode.webhookNotFound);
    }
    const othersList = await endpointData(t.app, listWebhooks, {
      token: other.adminToken,
      query: { scope: 'company' },
    });
    expect(othersList.webhooks).toEqual([]);
    const ownersCompanyList = await callEndpoint(t.app, listWebhooks, {
      token: owner.token,
      query: { scope: 'company' },
    });
    expect(ownersCompanyList.code).toBe(ErrorCode.noPermission);
  });
});
