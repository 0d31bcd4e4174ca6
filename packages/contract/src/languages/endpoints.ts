import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';

/** A dictionary code: lower-case letters, digits, dot, dash or underscore. */
const dictionaryCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9._-]{0,39}$/, 'validation.invalid');

/**
 * The dictionary of texts that override the web app's built-in ones. Platform administrators
 * fill it; it starts empty. Each key names a web text namespace and key as i18next writes
 * them, `namespace:key.path` (for example `menu:plants` or `common:shell.signOut`).
 */
export const WEB_TEXTS_DICTIONARY = 'web';

export const serverLanguage = z.enum(SERVER_LANGUAGES, { message: 'validation.invalid' });

export const languageDictionary = z.object({ code: z.string(), name: z.string() });
export type LanguageDictionary = z.infer<typeof languageDictionary>;

export const listLanguageDictionaries = defineEndpoint({
  method: 'GET',
  path: '/anonymous/language/dicts',
  summary: 'The translation dictionaries the server holds (error, notice, web)',
  tag: 'language',
  access: publicAccess,
  data: z.array(languageDictionary),
});

export const languageEntries = defineEndpoint({
  method: 'GET',
  path: '/anonymous/language/entrys',
  summary:
    'Every entry of one dictionary in one language (zh_CN travels as zh), as a key to text map; an unknown dictionary answers no entries. Cacheable until the next UTC midnight',
  tag: 'language',
  access: publicAccess,
  query: z.object({ code: dictionaryCode, lan: serverLanguage }),
  data: z.object({
    code: z.string(),
    lan: serverLanguage,
    entries: z.record(z.string(), z.string()),
  }),
});
