import {
  type createDictionaryEntry,
  ErrorCode,
  type listDictionaryEntries,
  type ParsedBody,
  type ParsedQuery,
  type ServerLanguage,
  type updateDictionaryEntry,
} from '@solar/contract';
import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, isUniqueViolation } from '../db/listing.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type DictionaryEntryRow = Row<'dictionary_entries'>;
export type DictionaryEntriesQuery = ParsedQuery<typeof listDictionaryEntries>;
export type NewDictionaryEntry = ParsedBody<typeof createDictionaryEntry>;
export type DictionaryEntryChange = ParsedBody<typeof updateDictionaryEntry>;

function describe(row: Pick<DictionaryEntryRow, 'id' | 'type' | 'code'>): string {
  return `dictionary entry ${row.id} ${row.type}/${row.code}`;
}

function codeTaken(): AppError {
  return new AppError(ErrorCode.codeExists, 'this code exists in the dictionary type');
}

/** The dictionaries as the platform administrator keeps them and as pages read them. */
export class DictionaryEntriesService {
  constructor(private readonly db: Db) {}

  async list(query: DictionaryEntriesQuery) {
    let base = this.db.selectFrom('dictionary_entries');
    if (query.type) base = base.where('type', '=', query.type);
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or([eb('code', 'ilike', pattern), eb(sql<string>`texts::text`, 'ilike', pattern)]),
      );
    }
    return fetchPage(
      base.selectAll().orderBy('type').orderBy('sort_order').orderBy('code'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
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
  async checkCode(type: string, code: string): Promise<void> {
    const taken = await this.db
      .selectFrom('dictionary_entries')
      .select('id')
      .where('type', '=', type)
      .where('code', '=', code)
      .executeTakeFirst();
    if (taken) throw codeTaken();
  }

  async create(actor: AuditActor, input: NewDictionaryEntry): Promise<DictionaryEntryRow> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dictionary_entries')
          .values({
            type: input.type,
            code: input.code,
            texts: JSON.stringify(input.texts),
            sort_order: input.sortOrder,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'dictionary.created',
          target: describe(row),
          detail: { texts: input.texts },
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  async update(
    actor: AuditActor,
    id: number,
    change: DictionaryEntryChange,
  ): Promise<DictionaryEntryRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('dictionary_entries')
        .set({
          texts: JSON.stringify(change.texts),
          sort_order: change.sortOrder,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError(ErrorCode.noPermission, 'dictionary entry not found');
      await recordAudit(trx, actor, {
        action: 'dictionary.updated',
        target: describe(row),
        detail: { texts: change.texts, sortOrder: change.sortOrder },
      });
      return row;
    });
  }

  async setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<DictionaryEntryRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('dictionary_entries')
        .set({ is_enabled: enabled, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError(ErrorCode.noPermission, 'dictionary entry not found');
      await recordAudit(trx, actor, {
        action: enabled ? 'dictionary.enabled' : 'dictionary.disabled',
        target: describe(row),
      });
      return row;
    });
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
