import type { Db } from '../db/database.js';
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
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('versions')
        .selectAll()
        .orderBy('released_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      this.db
        .selectFrom('versions')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
