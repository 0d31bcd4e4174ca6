import { languageEntries, listLanguageDictionaries } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { entriesCacheControl } from './entries-cache.js';
import { LanguagesService } from './languages.service.js';

export function languagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const languages = new LanguagesService(deps.db);
  app.addHook('onReady', () => languages.syncBuiltInDictionaries());

  registerEndpoint(app, listLanguageDictionaries, async () => languages.dictionaries());

  registerEndpoint(app, languageEntries, async ({ query, reply }) => {
    const entries = await languages.entries(query.code, query.lan);
    // Set only once the entries are read: a failure must not be cached for the rest of the day.
    reply.header('cache-control', entriesCacheControl(new Date()));
    return { code: query.code, lan: query.lan, entries };
  });
}
