import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import {
  ErrorCode,
  FIRMWARE_FILE_NAME_PATTERN,
  firmwareExtensionOf,
  type FirmwareFields,
  firmwareFields,
  firmwareUpload,
  type ValidationFailure,
} from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { ObjectStore } from '../storage/object-store.js';
import { FirmwareContentCheck } from './firmware-content.js';

/** A firmware file streamed into the object store, checked, with the form's fields. */
export interface StoredFirmwareUpload {
  fields: FirmwareFields;
  fileName: string;
  objectKey: string;
  size: number;
  sha256: string;
}

function invalid(fields: ValidationFailure['fields']): AppError {
  return new AppError(ErrorCode.validation, undefined, { fields });
}

const fileProblem = (message: string) => invalid([{ field: firmwareUpload.field, message }]);

/**
 * Reads the multipart firmware form: the file is streamed through the content check into the
 * object store (never held whole), the other parts are the fields of section 3. On any refusal
 * (code 4) the stored object is removed again.
 */
export async function receiveFirmware(
  request: FastifyRequest,
  files: ObjectStore,
): Promise<StoredFirmwareUpload> {
  if (!request.isMultipart()) throw fileProblem('validation.required');
  const values: Record<string, string> = {};
  let stored: Omit<StoredFirmwareUpload, 'fields'> | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: firmwareUpload.maxBytes, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== firmwareUpload.field) throw fileProblem('validation.required');
      const fileName = part.filename;
      const extension = firmwareExtensionOf(fileName);
      if (fileName.length > 40) throw fileProblem('validation.maxLength');
      if (!FIRMWARE_FILE_NAME_PATTERN.test(fileName)) {
        throw fileProblem('validation.specialCharacters');
      }
      if (!extension) throw fileProblem('validation.invalid');
      const check = new FirmwareContentCheck(extension);
      const objectKey = `firmware/${randomUUID()}.${extension}`;
      stored = { fileName, objectKey, size: 0, sha256: '' };
      // pipeline, not pipe: a truncated body destroys the part's stream, and that must end the
      // check (and with it the store's write) instead of leaving it waiting for more bytes.
      pipeline(part.file, check, () => undefined);
      await files.put(objectKey, check);
      if (part.file.truncated) throw fileProblem('validation.maxLength');
      const problem = check.problem;
      if (problem)
        throw fileProblem(problem === 'empty' ? 'validation.required' : 'validation.invalid');
      stored = { fileName, objectKey, size: check.bytes, sha256: check.sha256 };
    }
    if (!stored) throw fileProblem('validation.required');
    const parsed = firmwareFields.safeParse(values);
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        })),
      );
    }
    return { ...stored, fields: parsed.data };
  } catch (error) {
    if (stored) await files.remove(stored.objectKey);
    if (error instanceof AppError) throw error;
    const isTooLarge = (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
    throw fileProblem(isTooLarge ? 'validation.maxLength' : 'validation.multipart');
  }
}
