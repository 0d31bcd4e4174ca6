import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../db/database.js';
import type { ObjectStore } from '../storage/object-store.js';
import { pictureFolder, picturePath } from '../uploads/picture-upload.js';

async function brandLogo(files: ObjectStore, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await buffer(files.read(key));
  } catch {
    return null;
  }
}

/**
 * The logo a report PDF carries: the uploaded logo of the company of the report's owner, else
 * the logo of the owner's brand (a company's members follow its brand, and an account is only
 * signed in under its own brand, so this is also the brand of the request that asked for the
 * file); PNG or JPEG, which pdfkit embeds. Null without either, or when the file is gone.
 */
export async function reportLogo(
  deps: { db: Db; files: ObjectStore; dataDir: string },
  userId: number,
): Promise<Buffer | null> {
  const owner = await deps.db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('brands', 'brands.id', 'users.brand_id')
    .select(['companies.logo_url', 'brands.logo_key'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const file = picturePath(pictureFolder(deps.dataDir, 'company'), owner?.logo_url ?? null);
  const companyLogo = file ? await readFile(file).catch(() => null) : null;
  return companyLogo ?? brandLogo(deps.files, owner?.logo_key ?? null);
}
