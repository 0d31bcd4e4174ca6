import type { Db } from '../db/database.js';
import { brandFor } from './brands.store.js';

// Short, so a brand added or changed by another process applies soon; this process's own
// changes empty the cache at once (`forget`).
const TTL_MS = 30_000;
/** Markers and hosts come from the caller: the cache is emptied rather than let grow unbounded. */
const MAX_ENTRIES = 10_000;

/**
 * Which brand a source marker and host select, cached: every signed-in request checks its
 * token's account against it, so the hot path needs no query of its own.
 */
export class BrandDirectory {
  private readonly cache = new Map<string, { brandId: number | null; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  /** The id of the brand `source` (else `host`) selects; null for the default brand. */
  async brandIdFor(source: string | undefined, host: string): Promise<number | null> {
    const key = `${source ?? ''}\n${host}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.brandId;
    const brandId = (await brandFor(this.db, source, host))?.id ?? null;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { brandId, expiresAt: now + TTL_MS });
    return brandId;
  }

  /** Called after a brand is created or its hosts change. */
  forget(): void {
    this.cache.clear();
  }
}
