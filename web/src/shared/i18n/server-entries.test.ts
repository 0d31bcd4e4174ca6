import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { i18n } from './i18n';
import { loadServerEntries } from './server-entries';

afterEach(() => vi.unstubAllGlobals());

describe('server language entries', () => {
  it('are fetched once per UTC day and kept out of localStorage', async () => {
    const server = installFakeServer({
      'GET /anonymous/language/entrys': () =>
        ok({ code: 'web', lan: 'en', entries: { greeting: 'Hello' } }),
    });
    await loadServerEntries('en', new Date('2026-05-01T01:00:00Z'));
    await loadServerEntries('en', new Date('2026-05-01T23:00:00Z'));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('/anonymous/language/entrys?code=web&lan=en');
    expect(i18n.t('server:greeting')).toBe('Hello');
    expect(Object.keys(localStorage)).toEqual([]);

    await loadServerEntries('en', new Date('2026-05-02T00:00:01Z'));
    expect(server.requests).toHaveLength(2);
  });

  it('leave the built-in texts in place when the call fails, without a dialog', async () => {
    installFakeServer({ 'GET /anonymous/language/entrys': () => ({ status: 503, body: {} }) });
    await expect(
      loadServerEntries('en', new Date('2026-06-01T00:00:00Z')),
    ).resolves.toBeUndefined();
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(i18n.t('common:shell.signOut')).toBe('Sign out');
  });
});
