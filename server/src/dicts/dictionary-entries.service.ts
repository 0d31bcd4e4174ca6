import {
  type createDictionaryEntry,
  type listDictionaryEntries,
  type ParsedBody,
  type ParsedQuery,
  type ServerLanguage,
  type updateDictionaryEntry,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AuditActor } from '../audit/audit.service.js';
import { AuditedReferenceTable } from '../audit/audited-reference-table.js';
import type { Db } from '../db/database.js';
import { fetchKeywordPage } from '../db/listing.js';
import type { Row } from '../db/schema.js';

export type DictionaryEntryRow = Row<'dictionary_entries'>;
export type DictionaryEntriesQuery = ParsedQuery<typeof listDictionaryEntries>;
export type NewDictionaryEntry = ParsedBody<typeof createDictionaryEntry>;
export type DictionaryEntryChange = ParsedBody<typeof updateDictionaryEntry>;

/** The dictionaries as the platform administrator keeps them and as pages read them. */
export class DictionaryEntriesService {
  private readonly entries: AuditedReferenceTable<'dictionary_entries'>;

  constructor(private readonly db: Db) {
    this.entries = new AuditedReferenceTable(db, {
      table: 'dictionary_entries',
      subject: 'dictionary',
      describe: (row) => `dictionary entry ${row.id} ${row.type}/${row.code}`,
      uniqueKey: ['type', 'code'],
      takenMessage: 'this code exists in the dictionary type',
      notFoundMessage: 'dictionary entry not found',
    });
  }

  list(query: DictionaryEntriesQuery) {
    let base = this.db.selectFrom('dictionary_entries');
    if (query.type) base = base.where('type', '=', query.type);
    return fetchKeywordPage(base, query, ['code', sql<string>`texts::text`], (matching) =>
      matching.selectAll().orderBy('type').orderBy('sort_order').orderBy('code'),
    );
  }

  async types(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dictionary_entries')
      .select('type')
      .distinct()
      .orderBy('type')
      .execute();
    return rows.map((row) => row.type);
  }

  /** Answers 5000 when the code exists in the type. */
  checkCode(type: string, code: string): Promise<void> {
    return this.entries.assertFree({ type, code });
  }

  create(actor: AuditActor, input: NewDictionaryEntry): Promise<DictionaryEntryRow> {
    const values = {
      type: input.type,
      code: input.code,
      texts: JSON.stringify(input.texts),
      sort_order: input.sortOrder,
    };
    return this.entries.create(actor, values, { texts: input.texts });
  }

  update(
    actor: AuditActor,
    id: number,
    change: DictionaryEntryChange,
  ): Promise<DictionaryEntryRow> {
    const set = {
      texts: JSON.stringify(change.texts),
      sort_order: change.sortOrder,
    };
    return this.entries.update(actor, id, set, {
      texts: change.texts,
      sortOrder: change.sortOrder,
    });
  }

  setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<DictionaryEntryRow> {
    return this.entries.setEnabled(actor, id, enabled);
  }

  /** The enabled entries of a type, named in the language asked for, else in English. */
  async options(type: string, language: ServerLanguage) {
    const rows = await this.db
      .selectFrom('dictionary_entries')
      .select(['code', 'texts'])
      .where('type', '=', type)
      .where('is_enabled', '=', true)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
    return rows.map((row) => ({
      code: row.code,
      name: row.texts[language] || row.texts.en || row.code,
    }));
  }
}
