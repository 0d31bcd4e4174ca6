import {
  createExport,
  deleteExport,
  type DownloadRecord,
  downloadExportFile,
  type ExportRequest,
  exportStatus,
  listDownloads,
  toServerLanguage,
} from '@solar/contract';
import { apiCall, apiDownload, type EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { currentLocale } from '../../shared/i18n/locale';

export type DownloadsQuery = EndpointQueryInput<typeof listDownloads>;
/** What a list hands to the export button: its kind and filters. */
export type ExportSelection = ExportRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'format' | 'lan'>
    : never
  : never;

/** How often a started export is asked for its progress. */
export const EXPORT_POLL_MS = 2000;

const isBuilding = (record: DownloadRecord) =>
  record.status === 'queued' || record.status === 'running';

/** The download records, asked again every few seconds while one of them is being built. */
export function useDownloads(query: DownloadsQuery) {
  return useApiQuery(
    listDownloads,
    { query },
    {
      refetchInterval: ({ state }) => (state.data?.infos.some(isBuilding) ? EXPORT_POLL_MS : false),
    },
  );
}

export function useStartExport() {
  return useApiMutation(createExport, { invalidates: [listDownloads] });
}

export function useDeleteExport() {
  return useApiMutation(deleteExport, { invalidates: [listDownloads] });
}

/** The export request in the page's language (headers of the file). */
export function exportBody(selection: ExportSelection, format: ExportRequest['format']) {
  return { ...selection, format, lan: toServerLanguage(currentLocale()) } as ExportRequest;
}

export function fetchExportStatus(id: number) {
  return apiCall(exportStatus, { params: { id }, quiet: true });
}

export function downloadExport(id: number): Promise<void> {
  return apiDownload(downloadExportFile, { params: { id }, loading: true });
}
