import type { Db } from '../db/database.js';

// Short, so a brand added or changed by another process applies soon; this process's own
// changes reload at once (`forget`).
const TTL_MS = 30_000;

/** Every brand's marker and hosts: a small table, held whole so no caller's value is stored. */
interface BrandSelectors {
  byKey: Map<string, number>;
  byHost: Map<string, number>;
}

async function loadBrandSelectors(db: Db): Promise<BrandSelectors> {
  const [brands, hosts] = await Promise.all([
    db.selectFrom('brands').select(['id', 'key']).execute(),
    db.selectFrom('brand_hosts').select(['host', 'brand_id']).execute(),
  ]);
  return {
    byKey: new Map(brands.map((brand) => [brand.key, brand.id])),
    byHost: new Map(hosts.map((row) => [row.host, row.brand_id])),
  };
}

/**
 * Which brand a source marker and host select, from the brands held in memory: every
 * signed-in request checks its token's account against it, so the hot path needs no query of
 * its own, and unknown markers (anyone may send any) select the default brand without being kept.
 */
export class BrandDirectory {
  private selectors: Promise<BrandSelectors> | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  /** The id of the brand `source` (else `host`) selects; null for the default brand. */
  async brandIdFor(source: string | undefined, host: string): Promise<number | null> {
    const { byKey, byHost } = await this.current();
    return (source ? byKey.get(source) : undefined) ?? byHost.get(host) ?? null;
  }

  /** Called after a brand is created or its hosts change. */
  forget(): void {
    this.selectors = null;
  }

  private current(): Promise<BrandSelectors> {
    if (!this.selectors || Date.now() - this.loadedAt > TTL_MS) {
      this.loadedAt = Date.now();
      this.selectors = loadBrandSelectors(this.db).catch((error: unknown) => {
        this.selectors = null;
        throw error;
      });
    }
    return this.selectors;
  }
}
