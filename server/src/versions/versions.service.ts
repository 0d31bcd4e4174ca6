import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { VersionRow } from './versions.tables.js';

/** What the system update log is filtered by (its list and its export). */
export interface VersionLogFilters {
  /** Part of the version name. */
  version?: string | undefined;
  /** First and last day (UTC) of the release time, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The released versions `filters` select, newest first, every column. Shared with the export
 * centre.
 */
export function versionLogEntries(db: Db, filters: VersionLogFilters) {
  let query = db.selectFrom('versions');
  if (filters.version) query = query.where('version', 'ilike', containsPattern(filters.version));
  if (filters.from) query = query.where('released_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) {
    query = query.where('released_at', '<', sql<Date>`${filters.to}::date + interval '1 day'`);
  }
  return query;
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
