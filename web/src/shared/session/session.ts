import { removeKeys, type StorageKey } from '../storage/storage';
import { browserNavigation } from './navigation';

/** What a session leaves in storage; `lang` and `version` are preferences and stay. */
export const SESSION_KEYS: readonly StorageKey[] = ['user', 'userInfo', 'readOnly', 'styleType'];

let ended = 0;
const endListeners = new Set<() => void>();

/**
 * Calls `listener` whenever a session ends, before its keys leave storage (the signed-in app
 * deletes the account's offline state with it); answers the unsubscribe.
 */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => {
    endListeners.delete(listener);
  };
}

export function clearSession(): void {
  for (const listener of endListeners) listener();
  removeKeys(SESSION_KEYS);
  ended += 1;
}

/**
 * How many sessions this page has ended: work that outlives a page (an export being watched)
 * belongs to the session it started in and stops when this number moves on.
 */
export function endedSessions(): number {
  return ended;
}

/** Code 102 ends the session: stored user data goes and the page reloads, except on /login. */
export function endSessionAfterWrongCredentials(): void {
  if (browserNavigation.currentPath() === '/login') return;
  clearSession();
  browserNavigation.reload();
}

/** The refresh token failed too: nothing left to try, back to the sign-in page. */
export function endSessionAfterFailedRefresh(): void {
  clearSession();
  if (browserNavigation.currentPath() !== '/login') browserNavigation.goTo('/login');
}
