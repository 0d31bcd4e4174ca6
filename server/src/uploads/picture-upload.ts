import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, type UploadRule, type ValidationFailure } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors/app-error.js';

/** The folders under DATA_DIR/uploads, each served read-only at /uploads/<name>/. */
export const PICTURE_FOLDER_NAMES = ['company', 'plants', 'avatars', 'work-orders'] as const;
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

/** An uploaded file whose content has been checked against its endpoint's upload rule. */
export interface UploadedFile {
  bytes: Buffer;
  /** The extension its content calls for (`jpg`, `png`), whatever name the client sent. */
  extension: string;
}

function invalidFile(rule: UploadRule, message: string): AppError {
  const data: ValidationFailure = { fields: [{ field: rule.field, message }] };
  return new AppError(ErrorCode.validation, undefined, data);
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads the first file of the multipart body. Every failure while parsing (no boundary, a
 * truncated or malformed body, a second file) is the client's: code 4, never HTTP 500.
 */
export async function readFileBytes(request: FastifyRequest, rule: UploadRule): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidFile(rule, 'validation.required');
  try {
    const file = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
    if (file?.fieldname !== rule.field) throw invalidFile(rule, 'validation.required');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidFile(rule, isTooLarge(error) ? 'validation.maxLength' : 'validation.multipart');
  }
}

/**
 * Reads the one file of a multipart request and accepts it only when its content (not its name
 * or declared type) is one of the rule's types and it fits the rule's size; code 4 otherwise.
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<UploadedFile> {
  const bytes = await readFileBytes(request, rule);
  const type = await fileTypeFromBuffer(bytes);
  const extensions = type ? rule.types[type.mime] : undefined;
  if (!type || !extensions?.includes(type.ext)) throw invalidFile(rule, 'validation.invalid');
  return { bytes, extension: type.ext };
}

/** Stores a checked file in `folder` under `<label>-<random>.<ext>` and answers its public URL. */
export async function savePicture(
  file: UploadedFile,
  folder: PictureFolder,
  label: string,
): Promise<string> {
  const fileName = `${label}-${randomBytes(12).toString('hex')}.${file.extension}`;
  await writeFile(path.join(folder.directory, fileName), file.bytes, { flag: 'wx' });
  return `${folder.urlPrefix}${fileName}`;
}

/** The file of a picture URL of the folder; null for a URL outside it (never followed). */
export function picturePath(folder: PictureFolder, url: string | null): string | null {
  if (!url?.startsWith(folder.urlPrefix)) return null;
  const fileName = url.slice(folder.urlPrefix.length);
  return fileName === path.basename(fileName) ? path.join(folder.directory, fileName) : null;
}

/** Removes a replaced picture; a URL outside the folder is never followed. */
export async function removePicture(folder: PictureFolder, url: string | null): Promise<void> {
  if (!url?.startsWith(folder.urlPrefix)) return;
  const fileName = url.slice(folder.urlPrefix.length);
  if (fileName !== path.basename(fileName)) return;
  await unlink(path.join(folder.directory, fileName)).catch(() => undefined);
}
