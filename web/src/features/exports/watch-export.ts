import type { DownloadRecord } from '@solar/contract';
import { ApiError, TRANSPORT_FAILURE } from '../../shared/api/api-error';
import { endedSessions } from '../../shared/session/session';
import { isSignedIn } from '../../shared/storage/storage';
import { EXPORT_POLL_MS, fetchExportStatus } from './api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A business refusal (the export is gone, or not the caller's any more) will not change. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.code !== TRANSPORT_FAILURE.network;

/**
 * Asks for an export's progress until it is ready or failed, then calls `onDone` once. It lives
 * outside any page, so the user may leave the page that started the export; a network error
 * only delays the next question. It stops without a word when the session ends or the server
 * refuses the question (the export was deleted).
 */
export async function watchExport(
  id: number,
  onDone: (record: DownloadRecord) => void,
): Promise<void> {
  const session = endedSessions();
  while (isSignedIn() && endedSessions() === session) {
    let record: DownloadRecord | null = null;
    try {
      record = await fetchExportStatus(id);
    } catch (error) {
      if (isFinalRefusal(error)) return;
    }
    if (record && (record.status === 'ready' || record.status === 'failed')) {
      onDone(record);
      return;
    }
    await wait(EXPORT_POLL_MS);
  }
}
