import { languageEntries, listLanguageDictionaries } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { LanguagesService } from './languages.service.js';

export function languagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const languages = new LanguagesService(deps.db);
  app.addHook('onReady', () => languages.syncBuiltInDictionaries());

  registerEndpoint(app, listLanguageDictionaries, async () => languages.dictionaries());

  registerEndpoint(app, languageEntries, async ({ query }) => ({
    code: query.code,
    lan: query.lan,
    entries: await languages.entries(query.code, query.lan),
  }));
}
