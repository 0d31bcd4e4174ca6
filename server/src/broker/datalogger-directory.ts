import { isSameSecret } from '../auth/secret-token.js';
import type { Db } from '../db/database.js';

export interface KnownDatalogger {
  id: number;
  sn: string;
  registrationKey: string;
  plantId: number | null;
  /** The plant's IANA time zone (UTC without a plant): local days of energy_daily. */
  timeZone: string;
}

// Short, so binding a datalogger to a plant or changing its time zone applies quickly.
const FOUND_TTL_MS = 15_000;
const MISSING_TTL_MS = 5_000;
/** Unknown serial numbers are cached too; the cache is emptied rather than let grow unbounded. */
const MAX_ENTRIES = 100_000;

/** Looks dataloggers up by SN with a short cache: every message needs one. */
export class DataloggerDirectory {
  private readonly cache = new Map<string, { value: KnownDatalogger | null; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  async find(sn: string): Promise<KnownDatalogger | null> {
    return (await this.findMany([sn])).get(sn) ?? null;
  }

  /** Those of `serials` not cached (or expired) are looked up together in one query. */
  async findMany(serials: readonly string[]): Promise<Map<string, KnownDatalogger | null>> {
    const now = Date.now();
    const found = new Map<string, KnownDatalogger | null>();
    const missing = new Set<string>();
    for (const sn of serials) {
      const cached = this.cache.get(sn);
      if (cached && cached.expiresAt > now) found.set(sn, cached.value);
      else missing.add(sn);
    }
    if (missing.size === 0) return found;
    const rows = await this.db
      .selectFrom('dataloggers')
      .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .select([
        'dataloggers.id',
        'dataloggers.sn',
        'dataloggers.registration_key',
        'dataloggers.plant_id',
        'plants.time_zone',
      ])
      .where('dataloggers.sn', 'in', [...missing])
      .execute();
    const bySerial = new Map(rows.map((row) => [row.sn, row]));
    if (this.cache.size + missing.size > MAX_ENTRIES) this.cache.clear();
    for (const sn of missing) {
      const row = bySerial.get(sn);
      const value = row
        ? {
            id: row.id,
            sn: row.sn,
            registrationKey: row.registration_key,
            plantId: row.plant_id,
            timeZone: row.time_zone ?? 'UTC',
          }
        : null;
      this.cache.set(sn, { value, expiresAt: now + (value ? FOUND_TTL_MS : MISSING_TTL_MS) });
      found.set(sn, value);
    }
    return found;
  }

  /** The datalogger when `key` is its registration key, else null. */
  async authenticate(sn: string, key: string | undefined): Promise<KnownDatalogger | null> {
    return authenticated(await this.find(sn), key);
  }
}

/** `datalogger` when `key` is its registration key, else null. */
export function authenticated(
  datalogger: KnownDatalogger | null,
  key: string | undefined,
): KnownDatalogger | null {
  if (!datalogger || key === undefined) return null;
  return isSameSecret(datalogger.registrationKey, key) ? datalogger : null;
}
