import { z } from 'zod';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';
import { serverLanguage } from './endpoints.js';

/**
 * Language entries of system management: the platform administrator overrides any built-in
 * text of the web app per language. The overrides are the entries of the `web` dictionary,
 * which every client reads (`/anonymous/language/entrys?code=web`).
 */
const TAG = 'language';

/** A web text key as i18next writes it: `namespace:key.path`, for example `menu:plants`. */
export const webTextKey = z
  .string()
  .trim()
  .max(200, 'validation.maxLength')
  .regex(/^[A-Za-z][A-Za-z0-9]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'validation.invalid');

export const WEB_TEXT_MAX = 2000;

export const webText = z.object({
  key: z.string(),
  /** The built-in English text. */
  english: z.string(),
  /** The built-in text in the asked language; empty when the locale file lacks it. */
  builtIn: z.string(),
  /** The administrator's text in the asked language, or null: the built-in text shows. */
  override: z.string().nullable(),
  /** No override and the built-in text is absent or an untranslated copy of English. */
  isMissing: z.boolean(),
});
export type WebText = z.infer<typeof webText>;

export const listWebTexts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/language/texts',
  summary:
    "The web app's built-in texts with their overrides in one language, by key; searchable by key or text, or only the missing ones",
  tag: TAG,
  access: requires('sys.dict.manage'),
  query: z.object({
    ...rules.paging,
    lan: serverLanguage,
    keyword: rules.text(100).optional(),
    missingOnly: rules.flag.optional(),
  }),
  data: pageOf(webText),
});

export const webTextsMissing = z.object({ lan: serverLanguage, missing: z.number().int() });

export const countMissingWebTexts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/language/missing',
  summary: 'How many web texts each language misses (no override, and no own built-in text)',
  tag: TAG,
  access: requires('sys.dict.manage'),
  data: z.array(webTextsMissing),
});

const overrideTarget = { key: webTextKey, lan: serverLanguage };

export const setWebText = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/management/language/texts',
  summary:
    'Override a built-in web text in one language; code 4 for a key the web app does not have',
  tag: TAG,
  access: requires('sys.dict.edit'),
  encoding: 'json',
  body: z.strictObject({
    ...overrideTarget,
    value: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(WEB_TEXT_MAX, 'validation.maxLength'),
  }),
  data: webText,
});

export const removeWebText = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/management/language/texts',
  summary: 'Remove the override of a web text in one language: the built-in text shows again',
  tag: TAG,
  access: requires('sys.dict.edit'),
  query: z.strictObject(overrideTarget),
  data: webText,
});
