import { NoticeStatus } from '@solar/contract';
import type { Db } from '../db/database.js';
import type { NoticeRow } from './notices.tables.js';

/** The read side of notices; managing them is the system-management domain's job. */
export class NoticesService {
  constructor(private readonly db: Db) {}

  /**
   * The publishing notice for `scope` whose window (effective time to end time) contains
   * `at`; when several overlap, the one that took effect last wins.
   */
  async inEffect(at: Date, scope: string): Promise<NoticeRow | null> {
    const row = await this.db
      .selectFrom('notices')
      .selectAll()
      .where('status', '=', NoticeStatus.publishing)
      .where('scope', '=', scope)
      .where('effective_time', '<=', at)
      .where('end_time', '>=', at)
      .orderBy('effective_time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }
}
