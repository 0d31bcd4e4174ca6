import { permissionTree } from '@solar/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiQueryKey } from '../../shared/api/hooks';
import { browserNavigation } from '../../shared/session/navigation';
import { storeUser } from '../../shared/storage/storage';
import { installFakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { signOut } from './sign-out';

// The key usePermissionTree caches the permission routes under.
const permissionKey = apiQueryKey(permissionTree, { withLanguage: true });

function signedInClient(): QueryClient {
  storeUser({ access_token: 'a', refresh_token: 'r' });
  localStorage.setItem('userInfo', '{}');
  localStorage.setItem('readOnly', 'false');
  localStorage.setItem('styleType', '1');
  localStorage.setItem('lang', 'de');
  localStorage.setItem('version', '1.4.0');
  const queryClient = new QueryClient();
  queryClient.setQueryData(permissionKey, []);
  return queryClient;
}

describe('signOut', () => {
  beforeEach(() => {
    vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('revokes the refresh token with the bearer token as a form post', async () => {
    const server = installFakeServer({ 'POST /oauth/revoke': () => ok(null) });
    await signOut(signedInClient());
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/oauth/revoke',
      body: 'refresh_token=r',
      headers: {
        Authorization: 'Bearer a',
        'Content-Type': expect.stringContaining('application/x-www-form-urlencoded'),
      },
    });
  });

  it.each([
    ['the revoke succeeds', () => ok(null)],
    ['the server cannot revoke', () => ({ status: 500, body: {} })],
  ] satisfies [string, FakeHandler][])(
    'clears the session keys, drops the permission routes and reloads when %s',
    async (_, revokeAnswer) => {
      installFakeServer({ 'POST /oauth/revoke': revokeAnswer });
      const queryClient = signedInClient();
      await signOut(queryClient);
      expect(Object.keys(localStorage).sort()).toEqual(['lang', 'version']);
      expect(queryClient.getQueryState(permissionKey)).toBeUndefined();
      expect(browserNavigation.reload).toHaveBeenCalledTimes(1);
    },
  );

  it("ends this browser's push subscription, on the server and at the push service", async () => {
    const endpoint = 'https://push.example/abc';
    const subscription = { endpoint, unsubscribe: vi.fn(async () => true) };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration },
    });
    const listed = [
      { id: 7, endpoint: 'https://push.example/other' },
      { id: 8, endpoint },
    ];
    const server = installFakeServer({
      'GET /api/v1/push/subscriptions': () => ok({ total: 2, infos: listed }),
      'POST /api/v1/push/subscriptions/:id/delete': () => ok(null),
      'POST /oauth/revoke': () => ok(null),
    });
    try {
      await signOut(signedInClient());
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/push/subscriptions?page=1&size=200',
      'POST /api/v1/push/subscriptions/8/delete',
      'POST /oauth/revoke',
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
