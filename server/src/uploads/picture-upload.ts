import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, rules, type ValidationFailure } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error.js';

const EXTENSIONS: Record<(typeof rules.PICTURE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Public URL prefix of stored avatars, served by uploads.routes.ts. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function avatarDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

function isPictureType(mime: string): mime is keyof typeof EXTENSIONS {
  return (rules.PICTURE_TYPES as readonly string[]).includes(mime);
}

function invalidFile(message: string): AppError {
  const data: ValidationFailure = { fields: [{ field: 'file', message }] };
  return new AppError(ErrorCode.validation, undefined, data);
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export interface Picture {
  bytes: Buffer;
  extension: string;
}

/**
 * Reads the one file of a multipart request and accepts it only when its content (not its name
 * or declared type) is a JPEG or PNG no larger than `maxBytes`; code 4 on `file` otherwise.
 */
export async function readPicture(request: FastifyRequest, maxBytes: number): Promise<Picture> {
  if (!request.isMultipart()) throw invalidFile('validation.required');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw invalidFile('validation.required');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw invalidFile('validation.maxLength');
    throw error;
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !isPictureType(type.mime)) throw invalidFile('validation.invalid');
  return { bytes, extension: EXTENSIONS[type.mime] };
}

/** Writes a picture under a fresh random name in `directory` and answers that name. */
export async function storePicture(
  directory: string,
  prefix: string,
  picture: Picture,
): Promise<string> {
  await mkdir(directory, { recursive: true });
  const fileName = `${prefix}-${randomUUID()}.${picture.extension}`;
  await writeFile(path.join(directory, fileName), picture.bytes, { flag: 'wx' });
  return fileName;
}

/** Removes a file this server stored earlier; a name from anywhere else is ignored. */
export async function removeStoredPicture(directory: string, fileName: string): Promise<void> {
  if (fileName !== path.basename(fileName)) return;
  await unlink(path.join(directory, fileName)).catch(() => undefined);
}
