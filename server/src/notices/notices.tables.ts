import type { ColumnType, Generated, Selectable } from 'kysely';

export interface NoticeSuggestRecord {
  zhSuggest: string;
  enSuggest: string;
}

export interface NoticesTable {
  id: Generated<number>;
  /** 0 publishing, 1 unpublished, 2 invalid. */
  status: Generated<number>;
  /** 0 maintenance, 1 upgrade. */
  type: number;
  scope: Generated<string>;
  start_time: Date;
  end_time: Date;
  effective_time: Date;
  zh_desc: Generated<string>;
  en_desc: Generated<string>;
  zh_duration: Generated<string>;
  en_duration: Generated<string>;
  suggests: ColumnType<NoticeSuggestRecord[], string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export type NoticeRow = Selectable<NoticesTable>;

export interface NoticesTables {
  notices: NoticesTable;
}
