import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires, signedIn } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { DEVICE_KINDS } from '../ingestion/payload.js';
import { EVENT_LEVEL_LETTERS } from '../ingestion/status.js';
import { currencyCode, timeZone } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';

/**
 * Dictionaries of system management: typed code lists (device types, event levels, …)
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
 * The dictionary types the portal's pages read.
 *
 * `currency`, `timeZone` and `plantType` are the plant form's lists. The server seeds them
 * (`CURRENCIES`, the runtime's time zones, `PLANT_TYPES`); the administrator adds other codes
 * (any ISO 4217 currency or IANA zone, `entryCodeRule`), and disabling an entry takes it off
 * the form and makes the server refuse it for a new value, while plants that hold it keep it.
 *
 * `deviceType` names the device kinds (`DEVICE_KINDS`) and `eventLevel` the event level letters
 * (`EVENT_LEVEL_LETTERS`, P W F: descriptors have a level and no other category, so the level
 * is the events' categorisation). Pages show their names and offer only their enabled entries
 * as filters. Their codes are the contract's and nothing else: a kind or a letter is code the
 * server understands (ingestion, families, the level rule), so a new code could never be
 * reported, stored or filtered by. The administrator renames (texts), reorders and disables
 * entries; adding a code to either type is refused (`validation.builtInDictionaryCode`).
 * Disabling one does not refuse it anywhere: devices and events of that kind or level stay and
 * are still shown, under their built-in name.
 */
export const DICTIONARY_TYPES = {
  currency: 'currency',
  timeZone: 'timeZone',
  plantType: 'plantType',
  deviceType: 'deviceType',
  eventLevel: 'eventLevel',
} as const;
export type BuiltInDictionaryType = (typeof DICTIONARY_TYPES)[keyof typeof DICTIONARY_TYPES];

/** The types whose codes are fixed by the contract: entries are renamed or disabled, never added. */
export const FIXED_DICTIONARY_CODES: Readonly<Partial<Record<string, readonly string[]>>> = {
  [DICTIONARY_TYPES.deviceType]: DEVICE_KINDS,
  [DICTIONARY_TYPES.eventLevel]: EVENT_LEVEL_LETTERS,
};

/**
 * The rule an entry's code follows: the currency and time zone types hold codes of their
 * standards (any ISO 4217 code or IANA zone, not only the seeded ones); the device type and
 * event level types hold only the contract's codes (`FIXED_DICTIONARY_CODES`); every other type
 * follows `dictionaryCode`.
 */
export function entryCodeRule(type: string): z.ZodType<string> {
  if (type === DICTIONARY_TYPES.currency) return currencyCode;
  if (type === DICTIONARY_TYPES.timeZone) return timeZone;
  const fixed = FIXED_DICTIONARY_CODES[type];
  if (fixed) {
    return z
      .string()
      .trim()
      .refine((code) => fixed.includes(code), 'validation.builtInDictionaryCode');
  }
  return dictionaryCode;
}

function checkCodeOfType(entry: { type: string; code: string }, context: z.RefinementCtx): void {
  const issue = entryCodeRule(entry.type).safeParse(entry.code).error?.issues[0];
  if (issue) context.addIssue({ code: 'custom', path: ['code'], message: issue.message });
}
