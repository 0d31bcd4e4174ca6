import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { UploadedFile } from './picture-upload.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** The row now pointing at the new picture, and the key of the picture it held before. */
export interface PointedAtPicture<Row> {
  row: Row;
  previousKey: string | null;
}

/**
 * Keeps an uploaded picture in the object store under `folder` and lets `pointAt` move its row to
 * the new key in one transaction; the replaced picture is removed once that commits, the new one
 * if it fails, so neither a replace nor a refusal leaves a file nothing points at.
 */
export async function replaceStoredPicture<Row>(
  { db, files }: { db: Db; files: ObjectStore },
  folder: string,
  file: UploadedFile,
  pointAt: (trx: Transaction<Database>, key: string) => Promise<PointedAtPicture<Row>>,
): Promise<Row> {
  const key = `${folder}/${randomUUID()}.${file.extension}`;
  await files.put(key, Readable.from(file.bytes));
  try {
    const { row, previousKey } = await retryingTransaction(db, (trx) => pointAt(trx, key));
    if (previousKey) await files.remove(previousKey);
    return row;
  } catch (error) {
    await files.remove(key);
    throw error;
  }
}
