import type { DownloadRecord } from '@solar/contract';
import { fillPath, downloadExportFile } from '@solar/contract';
import type { ExportRow } from './exports.tables.js';

export function presentDownloadRecord(row: ExportRow): DownloadRecord {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    fileName: row.file_name,
    status: row.status,
    percent: row.percent,
    rowCount: row.row_count,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    fileUrl: row.status === 'ready' ? fillPath(downloadExportFile.path, { id: row.id }) : null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}
