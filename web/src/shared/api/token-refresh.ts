import { issueToken, type Envelope, type TokenData } from '@solar/contract';
import { readStoredUser, storeUser } from '../storage/storage';
import { toSearchParams } from './encode';
import { SOURCE_HEADER } from './source';

let inFlight: Promise<boolean> | null = null;

async function exchangeRefreshToken(): Promise<boolean> {
  const stored = readStoredUser();
  if (!stored) return false;
  try {
    const response = await fetch(issueToken.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SOURCE_HEADER },
      body: toSearchParams({
        grant_type: 'refresh_token',
        refresh_token: stored.refresh_token,
      }).toString(),
    });
    if (!response.ok) return false;
    const envelope = (await response.json()) as Envelope<TokenData | null>;
    if (envelope.code !== 0 || !envelope.data) return false;
    storeUser(envelope.data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Exactly one refresh at a time: every request that meets a 401 while a refresh runs waits
 * for the same promise, then replays with the new token.
 */
export function refreshAccessToken(): Promise<boolean> {
  inFlight ??= exchangeRefreshToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Requests started during a refresh wait for it, so they go out with the new token. */
export async function waitForRefresh(): Promise<void> {
  if (inFlight) await inFlight;
}
