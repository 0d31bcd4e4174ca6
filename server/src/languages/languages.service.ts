import type { LanguageDictionary, ServerLanguage } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { builtInDictionaries, dictionaryRows } from './built-in-dictionaries.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Translation dictionaries served to the web client, read from `language_entries`. */
export class LanguagesService {
  constructor(private readonly db: Db) {}

  /**
   * Writes the generated dictionaries (error catalogue, notice texts), so a text fixed in the
   * code reaches every database on the next start; unchanged rows are left alone.
   */
  async syncBuiltInDictionaries(): Promise<void> {
    const dictionaries = builtInDictionaries();
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .insertInto('language_dictionaries')
        .values(dictionaries.map(({ code, name }) => ({ code, name })))
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({ name: (eb) => eb.ref('excluded.name') }),
        )
        .execute();
      await trx
        .insertInto('language_entries')
        .values(dictionaries.flatMap(dictionaryRows))
        .onConflict((oc) =>
          oc
            .columns(['dictionary_code', 'lan', 'key'])
            .doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: sql<Date>`now()` })
            .where(sql<boolean>`language_entries.value IS DISTINCT FROM excluded.value`),
        )
        .execute();
    });
  }

  async dictionaries(): Promise<LanguageDictionary[]> {
    return this.db
      .selectFrom('language_dictionaries')
      .select(['code', 'name'])
      .orderBy('code')
      .execute();
  }

  async entries(code: string, lan: ServerLanguage): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom('language_entries')
      .select(['key', 'value'])
      .where('dictionary_code', '=', code)
      .where('lan', '=', lan)
      .orderBy('key')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }
}
