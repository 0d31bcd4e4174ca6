import type { ManagedVersion, ServerLanguage, VersionTimelineItem } from '@solar/contract';
import type { VersionNotes, VersionRow } from './versions.tables.js';

/** The notes in `lan`, else English, else Chinese, else empty. */
export function notesIn(notes: VersionNotes, lan: ServerLanguage): string {
  return notes[lan] ?? notes.en ?? notes.zh ?? '';
}

export function presentTimelineItem(row: VersionRow, lan: ServerLanguage): VersionTimelineItem {
  return {
    version: row.version,
    releasedAt: row.released_at.toISOString(),
    content: notesIn(row.notes, lan),
  };
}

export function presentManagedVersion(row: VersionRow): ManagedVersion {
  return {
    id: row.id,
    version: row.version,
    releasedAt: row.released_at.toISOString(),
    notes: row.notes,
  };
}
