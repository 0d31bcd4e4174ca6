import { rules } from '@solar/contract';

export type PictureProblem = 'pictureType' | 'pictureSize';

const EXTENSIONS = /\.(jpe?g|png)$/i;

/** Section 5: JPG, JPEG or PNG up to 3 MB, checked before anything is uploaded. */
export function pictureProblem(file: {
  name: string;
  type: string;
  size: number;
}): PictureProblem | null {
  const isAllowedType =
    (rules.PICTURE_TYPES as readonly string[]).includes(file.type) && EXTENSIONS.test(file.name);
  if (!isAllowedType) return 'pictureType';
  if (file.size > rules.PICTURE_MAX_BYTES) return 'pictureSize';
  return null;
}
