import type { DownloadRecord } from '@solar/contract';
import { EXPORT_POLL_MS, fetchExportStatus } from './api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for an export's progress until it is ready or failed, then calls `onDone` once. It lives
 * outside any page, so the user may leave the page that started the export; a network error
 * only delays the next question.
 */
export async function watchExport(
  id: number,
  onDone: (record: DownloadRecord) => void,
): Promise<void> {
  for (;;) {
    const record = await fetchExportStatus(id).catch(() => null);
    if (record && (record.status === 'ready' || record.status === 'failed')) {
      onDone(record);
      return;
    }
    await wait(EXPORT_POLL_MS);
  }
}
