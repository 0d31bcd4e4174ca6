import { type Locale, toServerLanguage } from '@solar/contract';
import type { Db } from '../db/database.js';
import { notesIn } from '../versions/versions.presenter.js';
import { versionLogEntries, versionLogRows } from '../versions/versions.service.js';
import { utcTime } from './audit-rows.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { TableRows } from './table-rows.js';
import type { ExportFilters } from './exports.tables.js';

type VersionLogFilters = Extract<ExportFilters, { kind: 'versionLog' }>;

/**
 * The system update log, newest first like its page: each released version, its release time
 * in UTC and its notes in the file's language (English, then Chinese, when it has none).
 */
export async function versionLogTableRows(
  db: Db,
  { kind: _kind, ...filters }: VersionLogFilters,
  locale: Locale,
): Promise<TableRows> {
  const entries = versionLogEntries(db, filters);
  const language = toServerLanguage(locale);
  const rows = cursorCells(versionLogRows(entries), (row) => [
    row.version,
    utcTime(row.released_at),
    notesIn(row.notes, language),
  ]);
  return { total: await countOf(entries), rows };
}
