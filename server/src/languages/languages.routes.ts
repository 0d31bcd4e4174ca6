import {
  countMissingWebTexts,
  languageEntries,
  listLanguageDictionaries,
  listWebTexts,
  removeWebText,
  setWebText,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { entriesCacheControl } from './entries-cache.js';
import { LanguagesService } from './languages.service.js';
import { WebTextsService } from './web-texts.service.js';

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

  webTextsRoutes(app, new WebTextsService(deps.db));
}

function webTextsRoutes(app: FastifyInstance, texts: WebTextsService): void {
  registerEndpoint(app, listWebTexts, async ({ query }) => {
    const { rows, total } = await texts.list(query);
    return { infos: rows, total };
  });

  registerEndpoint(app, countMissingWebTexts, async () => texts.countMissing());

  registerEndpoint(app, setWebText, async ({ auth, request, body }) =>
    texts.set(auditActor(auth, request), body),
  );

  registerEndpoint(app, removeWebText, async ({ auth, request, query }) =>
    texts.remove(auditActor(auth, request), query),
  );
}
