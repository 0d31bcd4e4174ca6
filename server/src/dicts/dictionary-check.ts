import { type BuiltInDictionaryType, ErrorCode } from '@solar/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';

/** A form field whose value must be an enabled entry of a dictionary. */
export interface DictionaryValue {
  field: string;
  type: BuiltInDictionaryType;
  code: string;
}

const keyOf = (type: string, code: string) => `${type}/${code}`;

/**
 * Refuses with code 4 a value that is not an enabled entry of its dictionary. Called inside the
 * writer's transaction: the entries read are locked, so a concurrent disable waits for the write.
 */
export async function assertEnabledEntries(db: Db, values: DictionaryValue[]): Promise<void> {
  if (values.length === 0) return;
  const rows = await db
    .selectFrom('dictionary_entries')
    .select(['type', 'code'])
    .where('is_enabled', '=', true)
    .where((eb) => eb.or(values.map((value) => eb.and({ type: value.type, code: value.code }))))
    .forShare()
    .execute();
  const enabled = new Set(rows.map((row) => keyOf(row.type, row.code)));
  const refused = values.filter((value) => !enabled.has(keyOf(value.type, value.code)));
  if (refused.length === 0) return;
  throw new AppError(
    ErrorCode.validation,
    refused
      .map((value) => `'${value.code}' is not an enabled entry of the ${value.type} dictionary`)
      .join('; '),
    {
      fields: refused.map((value) => ({
        field: value.field,
        message: 'validation.notInDictionary',
      })),
    },
  );
}
