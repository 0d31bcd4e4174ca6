import {
  DOWNLOAD_FILE_NAME_PATTERN,
  type DownloadFileFields,
  downloadCenterUpload,
  publishDownloadFile,
} from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import type { ObjectStore } from '../storage/object-store.js';
import { type ObjectUpload, receiveObjectUpload } from '../uploads/object-upload.js';

export type StoredDownload = ObjectUpload<DownloadFileFields, { size: number }>;

const ALLOWED_EXTENSIONS = new Set(Object.values(downloadCenterUpload.types).flat());

function checkName(fileName: string) {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (!DOWNLOAD_FILE_NAME_PATTERN.test(fileName))
    return { problem: 'validation.specialCharacters' };
  if (!fileName.includes('.') || !ALLOWED_EXTENSIONS.has(extension)) {
    return { problem: 'validation.invalid' };
  }
  return { extension };
}

/**
 * Reads the publish form: the file is streamed into the object store, the other parts are its
 * title, category, language and version.
 */
export function receiveDownload(
  request: FastifyRequest,
  files: ObjectStore,
): Promise<StoredDownload> {
  return receiveObjectUpload(request, files, {
    rule: publishDownloadFile.upload,
    folder: 'download-center',
    fields: publishDownloadFile.upload.fields,
    checkName,
    store: async (file, objectKey, _extension, store) => {
      const { size } = await store.put(objectKey, file);
      return size === 0 ? { problem: 'validation.required' } : { size };
    },
  });
}
