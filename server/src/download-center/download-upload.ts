import { randomUUID } from 'node:crypto';
import {
  DOWNLOAD_FILE_NAME_PATTERN,
  type DownloadFileFields,
  downloadCenterUpload,
  downloadFileFields,
  ErrorCode,
  type ValidationFailure,
} from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { ObjectStore } from '../storage/object-store.js';

export interface StoredDownload {
  fields: DownloadFileFields;
  fileName: string;
  objectKey: string;
  size: number;
}

const ALLOWED_EXTENSIONS = new Set(Object.values(downloadCenterUpload.types).flat());

function invalid(fields: ValidationFailure['fields']): AppError {
  return new AppError(ErrorCode.validation, undefined, { fields });
}

const fileProblem = (message: string) => invalid([{ field: downloadCenterUpload.field, message }]);

function extensionOf(fileName: string): string | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && ALLOWED_EXTENSIONS.has(extension) ? extension : null;
}

function checkedFields(values: Record<string, string>): DownloadFileFields {
  const parsed = downloadFileFields.safeParse(values);
  if (parsed.success) return parsed.data;
  throw invalid(
    parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}

/**
 * Reads the publish form: the file is streamed into the object store (never held whole, up to
 * the rule's size), the other parts are its title, category, language and version. On any
 * refusal (code 4) the stored object is removed again.
 */
export async function receiveDownload(
  request: FastifyRequest,
  files: ObjectStore,
): Promise<StoredDownload> {
  if (!request.isMultipart()) throw fileProblem('validation.required');
  const values: Record<string, string> = {};
  let stored: Omit<StoredDownload, 'fields'> | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: downloadCenterUpload.maxBytes, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== downloadCenterUpload.field) throw fileProblem('validation.required');
      const fileName = part.filename;
      const extension = extensionOf(fileName);
      if (!DOWNLOAD_FILE_NAME_PATTERN.test(fileName)) {
        throw fileProblem('validation.specialCharacters');
      }
      if (!extension) throw fileProblem('validation.invalid');
      const objectKey = `download-center/${randomUUID()}.${extension}`;
      stored = { fileName, objectKey, size: 0 };
      const written = await files.put(objectKey, part.file);
      if (part.file.truncated) throw fileProblem('validation.maxLength');
      if (written.size === 0) throw fileProblem('validation.required');
      stored = { fileName, objectKey, size: written.size };
    }
    if (!stored) throw fileProblem('validation.required');
    return { ...stored, fields: checkedFields(values) };
  } catch (error) {
    if (stored) await files.remove(stored.objectKey);
    if (error instanceof AppError) throw error;
    const isTooLarge = (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
    throw fileProblem(isTooLarge ? 'validation.maxLength' : 'validation.multipart');
  }
}
