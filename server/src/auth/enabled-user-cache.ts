import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.js';
import type { DatabaseNotifications, Unsubscribe } from '../db/notifications.js';
import { type EnabledUser, loadEnabledUser } from './auth-context.js';

/** An upper bound on how long an entry is trusted, should a notification ever be missed. */
const ENTRY_TTL_MS = 60_000;
/** Accounts kept at most; beyond it the least recently used is forgotten. */
const MAX_ENTRIES = 10_000;
/** The channel migration 0047's triggers notify. */
const AUTH_CHANGED = 'auth_changed';

/**
 * The look-up of the signed-in account that every authenticated request makes, cached in this
 * process. It stays right across processes: the database notifies `auth_changed` whenever an
 * account, role or company changes in a way that matters to a session (migration 0047), and
 * every process then forgets all its entries. The app also forgets them after each write request
 * of this process, before its answer leaves, so the writer's next call never sees the old
 * account. Nothing is cached while the notification channel is down.
 */
export class EnabledUserCache {
  private readonly entries = new LRUCache<number, { user: EnabledUser | null }>({
    max: MAX_ENTRIES,
    ttl: ENTRY_TTL_MS,
  });
  /** Counts the clears: a look-up that a clear overtook is not stored. */
  private generation = 0;
  private subscription: Promise<Unsubscribe> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly notifications: DatabaseNotifications,
  ) {}

  async get(userId: number): Promise<EnabledUser | null> {
    const cached = this.entries.get(userId);
    if (cached) return cached.user;
    const listening = this.isListening();
    const generation = this.generation;
    const user = await loadEnabledUser(this.db, userId);
    if (listening && this.isListening() && generation === this.generation) {
      this.entries.set(userId, { user });
    } else if (!this.stopped) {
      this.subscription ??= this.notifications.subscribe(AUTH_CHANGED, {
        message: () => this.clear(),
        down: () => this.clear(),
      });
    }
    return user;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clear();
    const unsubscribe = await this.subscription;
    unsubscribe?.();
  }

  private isListening(): boolean {
    return !this.stopped && this.notifications.isListening(AUTH_CHANGED);
  }
}
