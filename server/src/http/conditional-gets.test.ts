import { brandLogo, issueToken, listLanguageDictionaries } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('conditional GETs', () => {
  it('give a JSON GET a weak ETag and answer 304 while it still matches', async () => {
    const first = await callEndpoint(t.app, listLanguageDictionaries);
    const etag = String(first.raw.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.raw.headers['cache-control']).toBe('private, no-cache');
    const again = await callEndpoint(t.app, listLanguageDictionaries, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('hash neither writes nor downloads', async () => {
    const write = await callEndpointLoosely(t.app, issueToken, { body: {} });
    expect(write.raw.headers.etag).toBeUndefined();
    const download = await callEndpoint(t.app, brandLogo, { params: { id: 999_999 } });
    expect(download.raw.headers.etag).toBeUndefined();
  });
});
