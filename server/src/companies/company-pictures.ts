import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, rules } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error.js';

/** Where company pictures live on disk, and the URL prefix that serves them read-only. */
export const COMPANY_UPLOAD_PREFIX = '/uploads/company/';

export function companyUploadDir(dataDir: string): string {
  const dir = path.join(dataDir, 'uploads', 'company');
  mkdirSync(dir, { recursive: true });
  return dir;
}

const EXTENSIONS: Record<(typeof rules.PICTURE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

function pictureRefused(reason: string): AppError {
  return new AppError(ErrorCode.validation, reason, {
    fields: [{ field: 'file', message: 'validation.invalid' }],
  });
}

/**
 * Reads the single uploaded file of a multipart request and checks it by content (not by the
 * name or declared type the client sends): JPG or PNG, at most 3 MB.
 */
async function readPicture(request: FastifyRequest): Promise<{ bytes: Buffer; extension: string }> {
  if (!request.isMultipart()) throw pictureRefused('Send the picture as multipart/form-data');
  const file = await request.file();
  if (!file) throw pictureRefused('No file was sent');
  const bytes = await file.toBuffer();
  if (bytes.length === 0) throw pictureRefused('The file is empty');
  if (bytes.length > rules.PICTURE_MAX_BYTES) throw pictureRefused('Pictures are limited to 3 MB');
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as (typeof rules.PICTURE_TYPES)[number] | undefined;
  if (!mime || !rules.PICTURE_TYPES.includes(mime)) {
    throw pictureRefused('Only JPG, JPEG or PNG pictures are accepted');
  }
  return { bytes, extension: EXTENSIONS[mime] };
}

/** Saves an uploaded picture under an unguessable name and answers its public URL. */
export async function saveCompanyPicture(
  request: FastifyRequest,
  dir: string,
  label: string,
): Promise<string> {
  const { bytes, extension } = await readPicture(request);
  const fileName = `${label}-${randomBytes(12).toString('hex')}.${extension}`;
  await writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
  return `${COMPANY_UPLOAD_PREFIX}${fileName}`;
}

/** Removes a replaced picture; a URL outside the folder is never followed. */
export async function removeCompanyPicture(dir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(COMPANY_UPLOAD_PREFIX)) return;
  const fileName = path.basename(url);
  await unlink(path.join(dir, fileName)).catch(() => undefined);
}
