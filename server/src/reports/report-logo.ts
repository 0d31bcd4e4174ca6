import { readFile } from 'node:fs/promises';
import type { Db } from '../db/database.js';
import { pictureFolder, picturePath } from '../uploads/picture-upload.js';

/**
 * The logo a report PDF carries: the uploaded logo of the company of the report's owner (PNG or
 * JPEG, which pdfkit embeds); null without a company, a logo, or when its file is gone.
 */
export async function reportLogo(db: Db, dataDir: string, userId: number): Promise<Buffer | null> {
  const company = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select('companies.logo_url')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const file = picturePath(pictureFolder(dataDir, 'company'), company?.logo_url ?? null);
  if (!file) return null;
  return readFile(file).catch(() => null);
}
