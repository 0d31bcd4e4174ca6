import type { ColumnType, Generated, Selectable } from 'kysely';

/** Release notes keyed by server language (`en`, `zh`, ...). */
export type VersionNotes = Partial<Record<string, string>>;

export interface VersionsTable {
  id: Generated<number>;
  version: string;
  released_at: Generated<Date>;
  notes: ColumnType<VersionNotes, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
}

export type VersionRow = Selectable<VersionsTable>;

export interface VersionsTables {
  versions: VersionsTable;
}
