import { uploadAvatar } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpointLoosely } from '../test/call-endpoint.js';
import { buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { multipartFile, PNG_BYTES } from '../test/fixtures/uploads.factories.js';

let t: TestApp;
let direct: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
  direct = await buildTestApp();
});

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows scripts only from the app itself and no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const policy = directives(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('script-src-attr')).toBe("'none'");
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('lets antd write its styles and Leaflet load map tiles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const policy = directives(res.headers['content-security-policy']);
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('img-src')).toContain('https://tile.openstreetmap.org');
  });
});

describe('Strict-Transport-Security', () => {
  it('is absent on plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted TLS proxy (X-Forwarded-Proto https)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const res = await direct.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('uploads', () => {
  it('are served with nosniff, so a browser never runs them as another type', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const { payload, headers } = multipartFile(PNG_BYTES, 'me.png', 'image/png');
    const uploaded = await callEndpointLoosely(t.app, uploadAvatar, {
      params: { id: user.id },
      token,
      headers,
      body: payload,
    });
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
