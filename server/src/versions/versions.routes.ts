import {
  latestVersion,
  publicVersionTimeline,
  type ParsedQuery,
  versionNotes,
  versionTimeline,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { notesIn, presentTimelineItem } from './versions.presenter.js';
import { VersionsService } from './versions.service.js';

export function versionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const versions = new VersionsService(deps.db);

  const timeline = async (query: ParsedQuery<typeof versionTimeline>) => {
    const { rows, total } = await versions.timeline(query.page, query.size);
    return { infos: rows.map((row) => presentTimelineItem(row, query.lan)), total };
  };

  registerEndpoint(app, latestVersion, async () => {
    const row = await versions.latest();
    return row ? { version: row.version } : null;
  });

  registerEndpoint(app, versionNotes, async ({ query }) => {
    const row = query.version ? await versions.byName(query.version) : await versions.latest();
    return row ? { version: row.version, content: notesIn(row.notes, query.lan) } : null;
  });

  registerEndpoint(app, versionTimeline, async ({ query }) => timeline(query));
  registerEndpoint(app, publicVersionTimeline, async ({ query }) => timeline(query));
}
