import { rules } from '@solar/contract';

export type PictureProblem = 'type' | 'size' | null;

/** Section 5: JPG, JPEG or PNG; 3 MB for pictures, 6 MB for avatars. */
export function pictureProblem(
  file: File,
  maxBytes: number = rules.PICTURE_MAX_BYTES,
): PictureProblem {
  if (!(rules.PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

export function asUploadForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
