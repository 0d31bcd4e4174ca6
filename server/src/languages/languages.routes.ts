import { ErrorCode, languageEntries, listLanguageDictionaries } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { entriesCacheControl } from './entries-cache.js';
import { LanguagesService } from './languages.service.js';

function isSuccessEnvelope(payload: unknown): boolean {
  return (payload as { code?: unknown } | null)?.code === ErrorCode.ok;
}

export function languagesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const languages = new LanguagesService(deps.db);
  app.addHook('onReady', () => languages.syncBuiltInDictionaries());

  registerEndpoint(app, listLanguageDictionaries, async () => languages.dictionaries());

  // A scope of its own, so the cache header hook runs for the entries route only.
  void app.register(async (entriesScope) => {
    entriesScope.addHook('preSerialization', async (_request, reply, payload) => {
      // A failure must not be cached for the rest of the day.
      if (isSuccessEnvelope(payload))
        reply.header('cache-control', entriesCacheControl(new Date()));
      return payload;
    });

    registerEndpoint(entriesScope, languageEntries, async ({ query }) => ({
      code: query.code,
      lan: query.lan,
      entries: await languages.entries(query.code, query.lan),
    }));
  });
}
