import { createCustomerType, ErrorCode } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyWithStaff, buildSignedInPlatformAdmin } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildCustomerType } from '../test/fixtures/customers.factories.js';
import { call, refusalDetail, buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9' };

describe('an error message in the caller language', () => {
  it('answers the German catalogue text, the English detail only in data', async () => {
    const { token } = await buildSignedInPlatformAdmin(t.deps);
    const res = await callEndpoint(t.app, createCustomerType, {
      token,
      body: { name: 'Nowhere' },
      headers: GERMAN,
    });
    expect(res.code).toBe(ErrorCode.noPermission);
    expect(res.msg).toBe('Keine Berechtigung');
    expect(refusalDetail(res)).toMatch(/X-Company/);
  });

  it('keeps the structured data of a refusal beside the detail', async () => {
    const { company, adminToken } = await buildCompanyWithStaff(t.deps);
    await buildCustomerType(t.deps, company.id, 'Taken');
    const res = await callEndpoint(t.app, createCustomerType, {
      token: adminToken,
      body: { name: 'Taken' },
      headers: GERMAN,
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.msg).toBe('Fehler bei der Parameterprüfung');
    expect(res.data).toMatchObject({ fields: [{ field: 'name' }] });
    expect(refusalDetail(res)).toMatch(/already exists/);
  });

  it('words a schema refusal and an unknown route in the caller language too', async () => {
    const refused = await call(t.app, {
      method: 'POST',
      url: '/oauth/token',
      payload: 'grant_type=password&username=a%00b%40example.com&password=x',
      headers: { ...GERMAN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([refused.code, refused.msg]).toEqual([
      ErrorCode.validation,
      'Fehler bei der Parameterprüfung',
    ]);
    const missing = await call(t.app, {
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: GERMAN,
    });
    expect([missing.status, missing.msg]).toEqual([404, 'Fehler bei der Parameterprüfung']);
    expect(refusalDetail(missing)).toContain('/api/v1/nothing-here');
  });
});
