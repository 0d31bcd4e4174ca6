import type { DictionaryEntry } from '@solar/contract';
import type { DictionaryEntryRow } from './dictionary-entries.service.js';

export function presentDictionaryEntry(row: DictionaryEntryRow): DictionaryEntry {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    texts: row.texts,
    sortOrder: row.sort_order,
    isEnabled: row.is_enabled,
    updatedAt: row.updated_at.toISOString(),
  };
}
