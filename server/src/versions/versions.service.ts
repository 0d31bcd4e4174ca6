import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, type InstantRange, whereWithinRange } from '../db/listing.js';
import type { VersionRow } from './versions.tables.js';

/** What the system update log is filtered by (its list and its export). */
export interface VersionLogFilters extends InstantRange {
  /** Part of the version name. */
  version?: string | undefined;
}

/**
 * The released versions `filters` select, newest first, every column. Shared with the export
 * centre.
 */
export function versionLogEntries(db: Db, filters: VersionLogFilters) {
  let query = db.selectFrom('versions');
  if (filters.version) query = query.where('version', 'ilike', containsPattern(filters.version));
  return whereWithinRange(query, 'released_at', filters);
}

/** The entries' rows, newest first (the timeline's order). */
export function versionLogRows(entries: ReturnType<typeof versionLogEntries>) {
  return entries.selectAll().orderBy('released_at', 'desc').orderBy('id', 'desc');
}

/** The read side of portal versions and their release notes. */
export class VersionsService {
  constructor(private readonly db: Db) {}

  async latest(): Promise<VersionRow | null> {
    const row = await this.db
      .selectFrom('versions')
      .selectAll()
      .orderBy('released_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  async byName(version: string): Promise<VersionRow | null> {
    const row = await this.db
      .selectFrom('versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst();
    return row ?? null;
  }

  /** One page of the released versions the filters select, newest first, with their total. */
  async timeline(
    query: VersionLogFilters & { page: number; size: number },
  ): Promise<{ rows: VersionRow[]; total: number }> {
    const entries = versionLogEntries(this.db, query);
    return fetchPage(
      versionLogRows(entries),
      entries.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }
}
