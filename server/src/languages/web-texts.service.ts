import {
  ErrorCode,
  fromServerLanguage,
  isUntranslatedCopy,
  type listWebTexts,
  type ParsedQuery,
  SERVER_LANGUAGES,
  type ServerLanguage,
  WEB_TEXTS_DICTIONARY,
  type WebText,
  type ParsedBody,
  type setWebText,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { type BuiltInWebTexts, builtInWebTexts } from './web-texts.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type WebTextsQuery = ParsedQuery<typeof listWebTexts>;

/** The built-in text of `key` in the language and whether it counts as missing there. */
function builtInOf(texts: BuiltInWebTexts, key: string, lan: ServerLanguage) {
  const locale = fromServerLanguage(lan);
  const english = texts.textsIn.en.get(key) ?? '';
  const own = texts.textsIn[locale].get(key) ?? '';
  const isCopy = locale !== 'en' && isUntranslatedCopy(locale, own, english);
  const isAbsent = own.trim() === '' || isCopy;
  return { english, builtIn: own, isAbsent };
}

function matches(text: WebText, keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return [text.key, text.english, text.builtIn, text.override ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

function unknownKey(key: string): AppError {
  return new AppError(ErrorCode.validation, `the web app has no text ${key}`);
}

/**
 * Overrides of the web app's built-in texts, kept as entries of the `web` dictionary (which
 * the built-in dictionary sync never touches). Each change is audited in its transaction.
 */
export class WebTextsService {
  constructor(
    private readonly db: Db,
    /** The locale files' texts; a test passes its own to have some missing. */
    private readonly builtIn: () => BuiltInWebTexts = builtInWebTexts,
  ) {}

  async list(query: WebTextsQuery): Promise<{ rows: WebText[]; total: number }> {
    const overrides = await this.overridesIn(query.lan);
    const keyword = query.keyword?.trim();
    const rows = this.builtIn()
      .keys.map((key) => this.webText(key, query.lan, overrides.get(key) ?? null))
      .filter((text) => !query.missingOnly || text.isMissing)
      .filter((text) => !keyword || matches(text, keyword));
    const start = (query.page - 1) * query.size;
    return { rows: rows.slice(start, start + query.size), total: rows.length };
  }

  async countMissing(): Promise<{ lan: ServerLanguage; missing: number }[]> {
    const overridden = await this.db
      .selectFrom('language_entries')
      .select(['lan', 'key'])
      .where('dictionary_code', '=', WEB_TEXTS_DICTIONARY)
      .execute();
    const overriddenKeys = new Set(overridden.map((row) => `${row.lan}\n${row.key}`));
    const texts = this.builtIn();
    return SERVER_LANGUAGES.map((lan) => ({
      lan,
      missing: texts.keys.filter(
        (key) => builtInOf(texts, key, lan).isAbsent && !overriddenKeys.has(`${lan}\n${key}`),
      ).length,
    }));
  }

  async set(actor: AuditActor, input: ParsedBody<typeof setWebText>): Promise<WebText> {
    this.requireKnown(input.key);
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .insertInto('language_entries')
        .values({ dictionary_code: WEB_TEXTS_DICTIONARY, ...input })
        .onConflict((oc) =>
          oc
            .columns(['dictionary_code', 'lan', 'key'])
            .doUpdateSet({ value: input.value, updated_at: new Date() }),
        )
        .execute();
      await recordAudit(trx, actor, {
        action: 'languageText.set',
        target: `web text ${input.key} (${input.lan})`,
        detail: { value: input.value },
      });
    });
    return this.webText(input.key, input.lan, input.value);
  }

  async remove(actor: AuditActor, target: { key: string; lan: ServerLanguage }): Promise<WebText> {
    this.requireKnown(target.key);
    await retryingTransaction(this.db, async (trx) => {
      const removed = await trx
        .deleteFrom('language_entries')
        .where('dictionary_code', '=', WEB_TEXTS_DICTIONARY)
        .where('lan', '=', target.lan)
        .where('key', '=', target.key)
        .returning('value')
        .executeTakeFirst();
      if (!removed) return;
      await recordAudit(trx, actor, {
        action: 'languageText.removed',
        target: `web text ${target.key} (${target.lan})`,
        detail: { value: removed.value },
      });
    });
    return this.webText(target.key, target.lan, null);
  }

  private webText(key: string, lan: ServerLanguage, override: string | null): WebText {
    const { english, builtIn, isAbsent } = builtInOf(this.builtIn(), key, lan);
    return { key, english, builtIn, override, isMissing: override === null && isAbsent };
  }

  private requireKnown(key: string): void {
    if (!this.builtIn().textsIn.en.has(key)) throw unknownKey(key);
  }

  private async overridesIn(lan: ServerLanguage): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('language_entries')
      .select(['key', 'value'])
      .where('dictionary_code', '=', WEB_TEXTS_DICTIONARY)
      .where('lan', '=', lan)
      .execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }
}
