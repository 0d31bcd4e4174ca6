import { timingSafeEqual } from 'node:crypto';
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
const MAX_ENTRIES = 10_000;

/** Looks dataloggers up by SN with a short cache: every message needs one. */
export class DataloggerDirectory {
  private readonly cache = new Map<string, { value: KnownDatalogger | null; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  async find(sn: string): Promise<KnownDatalogger | null> {
    const cached = this.cache.get(sn);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const row = await this.db
      .selectFrom('dataloggers')
      .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .select([
        'dataloggers.id',
        'dataloggers.sn',
        'dataloggers.registration_key',
        'dataloggers.plant_id',
        'plants.time_zone',
      ])
      .where('dataloggers.sn', '=', sn)
      .executeTakeFirst();
    const value = row
      ? {
          id: row.id,
          sn: row.sn,
          registrationKey: row.registration_key,
          plantId: row.plant_id,
          timeZone: row.time_zone ?? 'UTC',
        }
      : null;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(sn, { value, expiresAt: Date.now() + (value ? FOUND_TTL_MS : MISSING_TTL_MS) });
    return value;
  }

  /** The datalogger when `key` is its registration key, else null. */
  async authenticate(sn: string, key: string | undefined): Promise<KnownDatalogger | null> {
    const datalogger = await this.find(sn);
    if (!datalogger || key === undefined) return null;
    return keysMatch(datalogger.registrationKey, key) ? datalogger : null;
  }
}

export function keysMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
