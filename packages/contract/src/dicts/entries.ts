import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires, signedIn } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { currencyCode, timeZone } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';

/**
 * Dictionaries of system management: typed code lists (device types, event categories, …)
 * with a text per interface language, which the platform administrator adds, edits, enables
 * and disables. Pages read the enabled entries of a type in their language. A code is unique
 * within its type: a taken one answers 5000.
 */
const TAG = 'dicts';

const DICTIONARY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** A dictionary type or entry code: letters, digits, dot, dash or underscore, at most 40. */
export const dictionaryCode = z
  .string()
  .trim()
  .regex(DICTIONARY_CODE_PATTERN, 'validation.dictionaryCode');

/** An entry's code before the rule of its type (`entryCodeRule`) is applied. */
const entryCodeText = z.string().trim();

export const DICTIONARY_TEXT_MAX = 100;

/** An entry's text per server language; English stands in for a missing one. */
export const dictionaryTexts = rules.languageTexts(DICTIONARY_TEXT_MAX);

export const dictionaryEntry = z.object({
  id: z.number().int(),
  type: z.string(),
  code: z.string(),
  texts: z.partialRecord(z.enum(SERVER_LANGUAGES), z.string()),
  sortOrder: z.number().int(),
  isEnabled: z.boolean(),
  updatedAt: z.string(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

const entryIdParams = z.strictObject({ id: rules.id });
/** Where an entry stands in its type's list: lower first, then by code. */
export const dictionarySortOrder = rules.integer({ min: 0, max: 9999 });
const sortOrder = dictionarySortOrder.default(0);

export const listDictionaryEntries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/dictionaries',
  summary: 'Dictionary entries by type, then sort order and code; searchable by code or text',
  tag: TAG,
  access: requires('sys.dict.manage'),
  query: z.object({
    ...rules.paging,
    type: dictionaryCode.optional(),
    keyword: rules.text(40).optional(),
  }),
  data: pageOf(dictionaryEntry),
});

export const listDictionaryTypes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/dictionaries/types',
  summary: 'The dictionary types that hold entries, alphabetically',
  tag: TAG,
  access: requires('sys.dict.manage'),
  data: z.array(z.string()),
});

export const checkDictionaryCode = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/dictionaries/check',
  summary: 'Whether a code is free within its type: 5000 when it exists already',
  tag: TAG,
  access: requires('sys.dict.manage'),
  query: z.strictObject({ type: dictionaryCode, code: entryCodeText }).superRefine(checkCodeOfType),
  data: z.null(),
  tolerated: [ErrorCode.codeExists],
});

export const createDictionaryEntry = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/dictionaries',
  summary: 'Add an entry to a type (a new type starts with its first entry); 5000 on a taken code',
  tag: TAG,
  access: requires('sys.dict.edit'),
  encoding: 'json',
  body: z
    .strictObject({ type: dictionaryCode, code: entryCodeText, texts: dictionaryTexts, sortOrder })
    .superRefine(checkCodeOfType),
  data: dictionaryEntry,
  tolerated: [ErrorCode.codeExists],
});

export const updateDictionaryEntry = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/management/dictionaries/:id',
  summary: "Change an entry's texts and sort order (its type and code stay)",
  tag: TAG,
  access: requires('sys.dict.edit'),
  encoding: 'json',
  params: entryIdParams,
  body: z.strictObject({ texts: dictionaryTexts, sortOrder }),
  data: dictionaryEntry,
});

export const setDictionaryEntryEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/v1/management/dictionaries/:id/enable',
  summary: 'Enable or disable an entry; pages list only enabled entries',
  tag: TAG,
  access: requires('sys.dict.edit'),
  encoding: 'form',
  params: entryIdParams,
  body: z.strictObject({ enabled: rules.flag }),
  data: dictionaryEntry,
});

export const dictionaryOption = z.object({ code: z.string(), name: z.string() });
export type DictionaryOption = z.infer<typeof dictionaryOption>;

export const dictionaryOptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dict/entries',
  summary:
    'The enabled entries of one type in sort order, named in `lan` (English where that language has no text)',
  tag: TAG,
  access: signedIn,
  query: z.strictObject({ type: dictionaryCode, lan: z.enum(SERVER_LANGUAGES).default('en') }),
  data: z.array(dictionaryOption),
});

/**
 * The dictionary types the plant form picks from. The server seeds them (`CURRENCIES`, the
 * runtime's time zones, `PLANT_TYPES`); the administrator adds other codes (any ISO 4217
 * currency or IANA zone, `entryCodeRule`), and disabling an entry takes it off the form and
 * makes the server refuse it for a new value, while plants that hold it keep it.
 */
export const DICTIONARY_TYPES = {
  currency: 'currency',
  timeZone: 'timeZone',
  plantType: 'plantType',
} as const;
export type BuiltInDictionaryType = (typeof DICTIONARY_TYPES)[keyof typeof DICTIONARY_TYPES];

/**
 * The rule an entry's code follows: the currency and time zone types hold codes of their
 * standards (any ISO 4217 code or IANA zone, not only the seeded ones); every other type
 * follows `dictionaryCode`.
 */
export function entryCodeRule(type: string): z.ZodType<string> {
  if (type === DICTIONARY_TYPES.currency) return currencyCode;
  if (type === DICTIONARY_TYPES.timeZone) return timeZone;
  return dictionaryCode;
}

function checkCodeOfType(entry: { type: string; code: string }, context: z.RefinementCtx): void {
  const issue = entryCodeRule(entry.type).safeParse(entry.code).error?.issues[0];
  if (issue) context.addIssue({ code: 'custom', path: ['code'], message: issue.message });
}
