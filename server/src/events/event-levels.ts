import type { Db } from '../db/database.js';

/** Level of a code without descriptor: treated as a fault so it is never overlooked. */
export const UNKNOWN_CODE_LEVEL = 1;
const REFRESH_MS = 5 * 60_000;

/** The level of each descriptor code, reloaded every few minutes. */
export class EventLevels {
  private levels = new Map<string, number>();
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  async current(): Promise<ReadonlyMap<string, number>> {
    if (Date.now() - this.loadedAt > REFRESH_MS) {
      const rows = await this.db
        .selectFrom('event_descriptors')
        .select(['code', 'level'])
        .execute();
      this.levels = new Map(rows.map((row) => [row.code, row.level]));
      this.loadedAt = Date.now();
    }
    return this.levels;
  }
}

export function levelOf(levels: ReadonlyMap<string, number>, code: string): number {
  return levels.get(code) ?? UNKNOWN_CODE_LEVEL;
}
