import {
  checkDictionaryCode,
  createDictionaryEntry,
  dictCurrencies,
  dictionaryOptions,
  dictPlantTypes,
  dictRegions,
  dictTimeZones,
  listDictionaryEntries,
  listDictionaryTypes,
  setDictionaryEntryEnabled,
  updateDictionaryEntry,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { presentDictionaryEntry } from './dictionary-entries.presenter.js';
import { DictionaryEntriesService } from './dictionary-entries.service.js';
import { currencies, plantTypes, regions, timeZones } from './dicts.service.js';

export function dictsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const entries = new DictionaryEntriesService(deps.db);
  registerEndpoint(app, dictCurrencies, async ({ query }) => currencies(entries, query.lan));
  registerEndpoint(app, dictTimeZones, async () => timeZones(entries));
  registerEndpoint(app, dictPlantTypes, async () => plantTypes(entries));
  registerEndpoint(app, dictRegions, async ({ query }) => regions(query.parent));
  dictionaryEntriesRoutes(app, entries);
}

function dictionaryEntriesRoutes(app: FastifyInstance, entries: DictionaryEntriesService): void {
  registerEndpoint(app, dictionaryOptions, async ({ query }) =>
    entries.options(query.type, query.lan),
  );

  registerEndpoint(app, listDictionaryEntries, async ({ query }) => {
    const { rows, total } = await entries.list(query);
    return { infos: rows.map(presentDictionaryEntry), total };
  });

  registerEndpoint(app, listDictionaryTypes, async () => entries.types());

  registerEndpoint(app, checkDictionaryCode, async ({ query }) => {
    await entries.checkCode(query.type, query.code);
    return null;
  });

  registerEndpoint(app, createDictionaryEntry, async ({ auth, request, body }) =>
    presentDictionaryEntry(await entries.create(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateDictionaryEntry, async ({ auth, request, params, body }) =>
    presentDictionaryEntry(await entries.update(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, setDictionaryEntryEnabled, async ({ auth, request, params, body }) =>
    presentDictionaryEntry(
      await entries.setEnabled(auditActor(auth, request), params.id, body.enabled),
    ),
  );
}
