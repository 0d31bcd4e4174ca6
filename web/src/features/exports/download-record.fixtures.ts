import type { DownloadRecord } from '@solar/contract';

/** A finished events export as the export endpoints answer it; tests override the rest. */
export function downloadRecord(
  id: number,
  overrides: Partial<DownloadRecord> = {},
): DownloadRecord {
  return {
    id,
    kind: 'events',
    format: 'csv',
    fileName: `events-${id}.csv`,
    status: 'ready',
    percent: 100,
    rowCount: 10,
    sizeBytes: 2048,
    fileUrl: `/api/v1/exports/${id}/file`,
    createdAt: '2026-03-02T08:00:00.000Z',
    expiresAt: '2026-03-05T08:00:00.000Z',
    ...overrides,
  };
}
