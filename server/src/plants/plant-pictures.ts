import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, rules } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../http/app-error.js';

/** Where plant pictures live on disk, and the URL prefix that serves them read-only. */
export const PLANT_UPLOAD_PREFIX = '/uploads/plants/';

export function plantUploadDir(dataDir: string): string {
  const dir = path.join(dataDir, 'uploads', 'plants');
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

/** The single uploaded file, checked by content (not by name or declared type): JPG/PNG ≤ 3 MB. */
async function readPicture(request: FastifyRequest): Promise<{ bytes: Buffer; extension: string }> {
  if (!request.isMultipart()) throw pictureRefused('Send the picture as multipart/form-data');
  const file = await request.file();
  if (!file) throw pictureRefused('No file was sent');
  const bytes = await file.toBuffer().catch(() => {
    throw pictureRefused('Pictures are limited to 3 MB');
  });
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
export async function savePlantPicture(
  request: FastifyRequest,
  dir: string,
  plantId: number,
): Promise<string> {
  const { bytes, extension } = await readPicture(request);
  const fileName = `${plantId}-${randomBytes(12).toString('hex')}.${extension}`;
  await writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
  return `${PLANT_UPLOAD_PREFIX}${fileName}`;
}

/** Removes a replaced picture; a URL outside the folder is never followed. */
export async function removePlantPicture(dir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(PLANT_UPLOAD_PREFIX)) return;
  await unlink(path.join(dir, path.basename(url))).catch(() => undefined);
}
