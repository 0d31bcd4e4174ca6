import {
  dehydrate,
  type DehydratedState,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { readJson } from '../storage/storage';

/**
 * The last known state, kept per account in IndexedDB (localStorage holds only the keys of spec
 * section 3): the answers the shell needs to start (profile, permission tree, dictionaries, texts)
 * and those of the plant list, the dashboard and the plant overviews the user opened. Stored
 * under the account's id, read back only for it, deleted at sign-out.
 */
const SHELL_PATHS = ['/api/v1/user', '/api/v1/permission', '/api/v1/dict/', '/anonymous/'];
const PAGE_PATHS = ['/api/v1/plants', '/api/v1/plant/', '/api/v1/portfolio', '/api/v1/weather'];
/** A snapshot older than this is not shown: figures of last week are no "last known state". */
const MAX_AGE_MS = 7 * 24 * 3600_000;
const SAVE_DELAY_MS = 1000;

interface OfflineSnapshot {
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

/** The signed-in account, as the profile last stored it (`userInfo`). */
function currentUserId(): number | null {
  const id = readJson<{ id?: unknown }>('userInfo')?.id;
  return typeof id === 'number' ? id : null;
}

const keyOf = (userId: number) => `offline-state:${userId}`;

/**
 * IndexedDB may be missing (private modes, tests) or full: the app then works without its last
 * known state, as before.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

function isGetOf(query: Pick<Query, 'queryKey'>, paths: readonly string[]): boolean {
  const [method, path] = query.queryKey;
  return method === 'GET' && typeof path === 'string' && paths.some((p) => path.startsWith(p));
}

/** An answer of the plant list, dashboard or a plant overview: what "as of" speaks about. */
export function isPageStateQuery(query: Pick<Query, 'queryKey'>): boolean {
  return isGetOf(query, PAGE_PATHS);
}

function isKeptQuery(query: Pick<Query, 'queryKey'>): boolean {
  return isPageStateQuery(query) || isGetOf(query, SHELL_PATHS);
}

/** The browser's own word on the network; a stand-in navigator (tests, embeds) counts as online. */
function isBrowserOnline(): boolean {
  try {
    return navigator.onLine !== false;
  } catch {
    return true;
  }
}

/**
 * Puts the account's last known state back into `client`; true when there was one. Online, the
 * restored answers only paint the first frame: they are all fetched again at once, since some
 * (the permission tree, dictionaries) are otherwise never refetched in a page's life.
 */
export async function restoreOfflineState(client: QueryClient): Promise<boolean> {
  const isOnline = isBrowserOnline();
  onlineManager.setOnline(isOnline);
  const userId = currentUserId();
  if (userId === null) return false;
  const snapshot = await quietly(() => get<OfflineSnapshot>(keyOf(userId)));
  if (snapshot?.userId !== userId) return false;
  if (Date.now() - snapshot.savedAt > MAX_AGE_MS) {
    await quietly(() => del(keyOf(userId)));
    return false;
  }
  hydrate(client, snapshot.state);
  if (isOnline) void client.invalidateQueries({ predicate: isKeptQuery });
  return true;
}

/**
 * Saves the kept answers (shortly after they change) for as long as the app runs; a save still
 * waiting when the page is hidden or left (reload, tab closed) is made at once.
 */
export function keepOfflineState(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    const userId = currentUserId();
    if (userId === null) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKeptQuery(query),
    });
    const snapshot: OfflineSnapshot = { userId, savedAt: Date.now(), state };
    void quietly(() => set(keyOf(userId), snapshot));
  };
  const saveWaiting = (): void => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') saveWaiting();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptQuery(event.query)) return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', saveWaiting);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', saveWaiting);
  };
}

/**
 * Deletes the signed-in account's last known state (sign-out, ended session). The account is
 * read before the first await, so a caller may clear the session right after calling.
 */
export async function forgetOfflineState(): Promise<void> {
  const userId = currentUserId();
  if (userId !== null) await quietly(() => del(keyOf(userId)));
}
