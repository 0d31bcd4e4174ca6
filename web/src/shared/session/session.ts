import { removeKeys, type StorageKey } from '../storage/storage';
import { browserNavigation } from './navigation';

/** What a session leaves in storage; `lang` and `version` are preferences and stay. */
export const SESSION_KEYS: readonly StorageKey[] = ['user', 'userInfo', 'readOnly', 'styleType'];

export function clearSession(): void {
  removeKeys(SESSION_KEYS);
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
