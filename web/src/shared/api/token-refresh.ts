import { issueToken, type Envelope, type TokenData } from '@solar/contract';
import { endSessionAfterFailedRefresh } from '../session/session';
import { readStoredUser, storeUser, type StoredUser } from '../storage/storage';
import { toSearchParams } from './encode';
import { SOURCE_HEADER } from './source';

/**
 * `rejected`: the server turned the refresh token down, the session is over.
 * `unreachable`: no answer (network error, HTTP 5xx, unreadable body); the session stays.
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

let inFlight: Promise<RefreshOutcome> | null = null;

function postRefreshToken(refreshToken: string): Promise<Response> {
  return fetch(issueToken.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SOURCE_HEADER },
    body: toSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
}

async function exchangeRefreshToken(stored: StoredUser): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await postRefreshToken(stored.refresh_token);
  } catch {
    return 'unreachable';
  }
  if (response.status >= 500) return 'unreachable';
  if (response.status === 401 || response.status === 400) return 'rejected';
  let envelope: Envelope<TokenData | null> | null;
  try {
    envelope = (await response.json()) as Envelope<TokenData | null> | null;
  } catch {
    return 'unreachable';
  }
  if (envelope?.code !== 0 || !envelope.data) return 'rejected';
  storeUser(envelope.data);
  return 'refreshed';
}

const REFRESH_LOCK = 'solar-token-refresh';

/**
 * One refresh for all the app's tabs, which share the tokens in localStorage: a tab that gets
 * the lock after another tab refreshed finds a new refresh token there and takes it. Without
 * Web Locks tabs refresh on their own, and the server's short reuse grace keeps both signed in.
 */
async function refreshAcrossTabs(): Promise<RefreshOutcome> {
  const staleToken = readStoredUser()?.refresh_token;
  const refreshUnlessDone = async (): Promise<RefreshOutcome> => {
    const stored = readStoredUser();
    if (!stored) return 'rejected';
    return stored.refresh_token === staleToken ? exchangeRefreshToken(stored) : 'refreshed';
  };
  // The lock's promise resolves with the callback's promise (DOM typings), hence the await.
  return 'locks' in navigator
    ? await navigator.locks.request(REFRESH_LOCK, refreshUnlessDone)
    : refreshUnlessDone();
}

async function refreshOnce(): Promise<RefreshOutcome> {
  const outcome = await refreshAcrossTabs();
  // Here rather than in each waiting request, so a rejection ends the session once.
  if (outcome === 'rejected') endSessionAfterFailedRefresh();
  return outcome;
}

/**
 * Exactly one refresh at a time: every request that meets a 401 while a refresh runs waits
 * for the same promise, then replays with the new token.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Requests started during a refresh wait for it, so they go out with the new token.
 * Resolves with that refresh's outcome, or `null` when none was running.
 */
export async function waitForRefresh(): Promise<RefreshOutcome | null> {
  return inFlight ? await inFlight : null;
}
