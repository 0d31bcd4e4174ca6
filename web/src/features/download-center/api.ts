import {
  deleteDownloadFile,
  downloadCenterFile,
  downloadCenterFiles,
  type DownloadFileFields,
  downloadCenterUpload,
  fillPath,
  publishDownloadFile,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import type { EndpointQueryInput } from '../../shared/api/client';

/** The published files a search finds; public, so no toast for the visitor's errors. */
export function useDownloadFiles(query: EndpointQueryInput<typeof downloadCenterFiles>) {
  return useApiQuery(downloadCenterFiles, { query, quiet: true });
}

export function downloadHref(id: number): string {
  return fillPath(downloadCenterFile.path, { id });
}

export function publishForm(fields: DownloadFileFields, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  form.append(downloadCenterUpload.field, file);
  return form;
}

export function usePublishDownload() {
  return useApiMutation(publishDownloadFile, { invalidates: [downloadCenterFiles] });
}

export function useDeleteDownload() {
  return useApiMutation(deleteDownloadFile, { invalidates: [downloadCenterFiles] });
}
