import type { DownloadFile } from '@solar/contract';

/** A manual for every language as the download centre lists it. */
export function downloadFile(overrides: Partial<DownloadFile> = {}): DownloadFile {
  return {
    id: 7,
    title: 'Inverter manual',
    category: 'manual',
    language: 'all',
    version: 'V2',
    fileName: 'manual.pdf',
    size: 2048,
    uploadedAt: '2030-01-03T10:00:00.000Z',
    ...overrides,
  };
}
