import type { TokenData } from '@solar/contract';

/**
 * The only keys this app writes to localStorage (spec section 3). Nothing else goes there:
 * server language entries are kept by the browser's HTTP cache, everything else in memory.
 */
export const STORAGE_KEYS = [
  'user',
  'userInfo',
  'readOnly',
  'styleType',
  'version',
  'lang',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

export function readJson<T>(key: StorageKey): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

export function readText(key: StorageKey): string | null {
  return localStorage.getItem(key);
}

export function writeText(key: StorageKey, value: string): void {
  localStorage.setItem(key, value);
}

export function removeKeys(keys: readonly StorageKey[]): void {
  keys.forEach((key) => localStorage.removeItem(key));
}

export type StoredUser = Pick<TokenData, 'access_token' | 'refresh_token'>;

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.access_token === 'string' && typeof candidate.refresh_token === 'string';
}

export function readStoredUser(): StoredUser | null {
  const value = readJson<unknown>('user');
  return isStoredUser(value) ? value : null;
}

export function storeUser(user: StoredUser): void {
  writeJson('user', { access_token: user.access_token, refresh_token: user.refresh_token });
}

export function isSignedIn(): boolean {
  return readStoredUser() !== null;
}

/** The token must not stay in the address bar or the history once it is in storage. */
function removeUserFromAddressBar(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('user');
  window.history.replaceState(window.history.state, '', url);
}

/** Used by the phone app's web views: a `user` token object passed in the URL query. */
export function adoptUserFromQuery(search: string, screenWidth: number): boolean {
  if (screenWidth >= 500) return false;
  const raw = new URLSearchParams(search).get('user');
  if (!raw) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isStoredUser(parsed)) return false;
    storeUser(parsed);
  } catch {
    return false;
  }
  removeUserFromAddressBar();
  return true;
}
