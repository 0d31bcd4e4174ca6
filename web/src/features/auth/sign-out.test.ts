import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../shared/session/navigation';
import { storeUser } from '../../shared/storage/storage';
import { installFakeServer, ok } from '../../test/fake-server';
import { signOut } from './sign-out';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('signOut', () => {
  it('revokes the refresh token, clears the session keys, drops permissions and reloads', async () => {
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const server = installFakeServer({ 'POST /oauth/revoke': () => ok(null) });
    storeUser({ access_token: 'a', refresh_token: 'r' });
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('readOnly', 'false');
    localStorage.setItem('styleType', '1');
    localStorage.setItem('lang', 'de');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['GET', '/api/v1/permission', {}], []);

    await signOut(queryClient);

    expect(server.requests[0]?.body).toBe('refresh_token=r');
    expect(Object.keys(localStorage)).toEqual(['lang']);
    expect(queryClient.getQueryData(['GET', '/api/v1/permission', {}])).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
