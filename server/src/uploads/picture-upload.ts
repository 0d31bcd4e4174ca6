import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, rules, type ValidationFailure } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error.js';

/** The folders under DATA_DIR/uploads, each served read-only at /uploads/<name>/. */
export const PICTURE_FOLDER_NAMES = ['company', 'plants', 'avatars'] as const;
export type PictureFolderName = (typeof PICTURE_FOLDER_NAMES)[number];

export interface PictureFolder {
  directory: string;
  urlPrefix: string;
}

/** Where a folder's pictures live on disk (created when missing) and the URL prefix serving them. */
export function pictureFolder(dataDir: string, name: PictureFolderName): PictureFolder {
  const directory = path.join(dataDir, 'uploads', name);
  mkdirSync(directory, { recursive: true });
  return { directory, urlPrefix: `/uploads/${name}/` };
}

const EXTENSIONS: Record<(typeof rules.PICTURE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

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

interface Picture {
  bytes: Buffer;
  extension: string;
}

/**
 * Reads the one file of a multipart request and accepts it only when its content (not its name
 * or declared type) is a JPEG or PNG no larger than `maxBytes`; code 4 on `file` otherwise.
 */
async function readPicture(request: FastifyRequest, maxBytes: number): Promise<Picture> {
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

/**
 * Checks the uploaded picture, stores it in `folder` under `<label>-<random>.<ext>` (an
 * unguessable name) and answers its public URL.
 */
export async function savePicture(
  request: FastifyRequest,
  folder: PictureFolder,
  label: string,
  maxBytes: number = rules.PICTURE_MAX_BYTES,
): Promise<string> {
  const { bytes, extension } = await readPicture(request, maxBytes);
  const fileName = `${label}-${randomBytes(12).toString('hex')}.${extension}`;
  await writeFile(path.join(folder.directory, fileName), bytes, { flag: 'wx' });
  return `${folder.urlPrefix}${fileName}`;
}

/** Removes a replaced picture; a URL outside the folder is never followed. */
export async function removePicture(folder: PictureFolder, url: string | null): Promise<void> {
  if (!url?.startsWith(folder.urlPrefix)) return;
  const fileName = url.slice(folder.urlPrefix.length);
  if (fileName !== path.basename(fileName)) return;
  await unlink(path.join(folder.directory, fileName)).catch(() => undefined);
}
