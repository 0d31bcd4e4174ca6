import type { ColumnType, Generated } from 'kysely';

export interface LanguageDictionariesTable {
  code: string;
  name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface LanguageEntriesTable {
  id: Generated<number>;
  dictionary_code: string;
  /** A server language code (`zh`, `en`, ...). */
  lan: string;
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface LanguagesTables {
  language_dictionaries: LanguageDictionariesTable;
  language_entries: LanguageEntriesTable;
}
