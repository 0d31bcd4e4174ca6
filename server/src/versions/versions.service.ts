import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import type { VersionRow } from './versions.tables.js';

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

  async timeline(page: number, size: number): Promise<{ rows: VersionRow[]; total: number }> {
    return fetchPage(
      this.db
        .selectFrom('versions')
        .selectAll()
        .orderBy('released_at', 'desc')
        .orderBy('id', 'desc'),
      this.db.selectFrom('versions').select((eb) => eb.fn.countAll<number>().as('total')),
      { page, size },
    );
  }
}
