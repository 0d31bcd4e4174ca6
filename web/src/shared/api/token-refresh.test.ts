import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { installWebLocks } from '../../test/web-locks';
import { readStoredUser, storeUser } from '../storage/storage';

const freshToken = {
  access_token: 'new',
  refresh_token: 'r2',
  token_type: 'bearer',
  expires_in: 900,
};

const slowRefresh: FakeHandler = async () => {
  await new Promise((resolve) => setTimeout(resolve, 30));
  return ok(freshToken);
};

/** A tab's own copy of the refresh module: tabs share storage and locks, not memory. */
async function openTab() {
  vi.resetModules();
  return import('./token-refresh');
}

describe('refreshing in several tabs', () => {
  let removeWebLocks: (() => void) | undefined;
  beforeEach(() => storeUser({ access_token: 'old', refresh_token: 'r1' }));
  afterEach(() => {
    removeWebLocks?.();
    removeWebLocks = undefined;
    vi.unstubAllGlobals();
  });

  it('sends one refresh for two tabs, and the second tab takes its result from storage', async () => {
    removeWebLocks = installWebLocks();
    const server = installFakeServer({ 'POST /oauth/token': slowRefresh });
    const [first, second] = [await openTab(), await openTab()];
    const outcomes = await Promise.all([first.refreshAccessToken(), second.refreshAccessToken()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed']);
    expect(server.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(1);
    expect(readStoredUser()).toEqual({ access_token: 'new', refresh_token: 'r2' });
  });

  it('refreshes in each tab where the browser has no Web Locks (the server allows it)', async () => {
    const server = installFakeServer({ 'POST /oauth/token': slowRefresh });
    const [first, second] = [await openTab(), await openTab()];
    const outcomes = await Promise.all([first.refreshAccessToken(), second.refreshAccessToken()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed']);
    expect(server.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(2);
  });
});
