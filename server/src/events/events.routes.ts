import {
  acknowledgeEvents,
  exportEvents,
  listEventDescriptions,
  listEvents,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { requestLocale } from '../http/request-language.js';
import { eventsCsv } from './event-csv.js';
import { presentEventDescription, presentEventInfo } from './events.presenter.js';
import { EventsService } from './events.service.js';

export function eventsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const events = new EventsService(deps.db);

  registerEndpoint(app, listEvents, async ({ auth, query, request }) => {
    const locale = requestLocale(request);
    const { rows, total } = await events.list(auth, query, locale);
    return { infos: rows.map((row) => presentEventInfo(row, locale)), total };
  });

  registerEndpoint(app, acknowledgeEvents, async ({ auth, body }) =>
    events.acknowledge(auth, body),
  );

  registerEndpoint(app, exportEvents, async ({ auth, query, request }) => {
    const locale = requestLocale(request);
    return {
      fileName: `events-${new Date().toISOString().slice(0, 10)}.csv`,
      body: eventsCsv(events.stream(auth, query, locale), locale),
    };
  });

  registerEndpoint(app, listEventDescriptions, async ({ query, request }) => {
    const locale = requestLocale(request);
    const { rows, total } = await events.descriptions(query, locale);
    return {
      infos: rows.map((row) => presentEventDescription(row, locale, query.allLanguages === true)),
      total,
    };
  });
}
