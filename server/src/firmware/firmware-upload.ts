import { pipeline } from 'node:stream';
import {
  createFirmware,
  FIRMWARE_FILE_NAME_PATTERN,
  firmwareExtensionOf,
  type FirmwareFields,
  type FirmwareFileExtension,
} from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import type { ObjectStore } from '../storage/object-store.js';
import { type ObjectUpload, receiveObjectUpload } from '../uploads/object-upload.js';
import { FirmwareContentCheck } from './firmware-content.js';

/** A firmware file streamed into the object store, checked, with the form's fields. */
interface FirmwareContent {
  size: number;
  sha256: string;
}

export type StoredFirmwareUpload = ObjectUpload<FirmwareFields, FirmwareContent>;

function checkName(fileName: string) {
  const extension = firmwareExtensionOf(fileName);
  if (fileName.length > 40) return { problem: 'validation.maxLength' };
  if (!FIRMWARE_FILE_NAME_PATTERN.test(fileName))
    return { problem: 'validation.specialCharacters' };
  return extension ? { extension } : { problem: 'validation.invalid' };
}

/**
 * Reads the multipart firmware form: the file is streamed through the content check into the
 * object store, the other parts are the fields of section 3.
 */
export function receiveFirmware(
  request: FastifyRequest,
  files: ObjectStore,
): Promise<StoredFirmwareUpload> {
  return receiveObjectUpload<FirmwareFields, FirmwareContent, FirmwareFileExtension>(
    request,
    files,
    {
      rule: createFirmware.upload,
      folder: 'firmware',
      fields: createFirmware.upload.fields,
      checkName,
      store: async (file, objectKey, extension, store) => {
        const check = new FirmwareContentCheck(extension);
        // pipeline, not pipe: a truncated body destroys the part's stream, and that must end the
        // check (and with it the store's write) instead of leaving it waiting for more bytes.
        pipeline(file, check, () => undefined);
        await store.put(objectKey, check);
        const { problem } = check;
        if (problem)
          return { problem: problem === 'empty' ? 'validation.required' : 'validation.invalid' };
        return { size: check.bytes, sha256: check.sha256 };
      },
    },
  );
}
