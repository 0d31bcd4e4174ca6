import {
  checkVersionName,
  deleteVersion,
  latestVersion,
  listManagedVersions,
  publishVersion,
  updateVersionNotes,
  publicVersionTimeline,
  type ParsedQuery,
  versionNotes,
  versionTimeline,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { auditActor } from '../audit/audit.service.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { VersionManagementService } from './version-management.service.js';
import { notesIn, presentManagedVersion, presentTimelineItem } from './versions.presenter.js';
import { VersionsService } from './versions.service.js';

export function versionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const versions = new VersionsService(deps.db);

  // The public timeline has the signed-in one's paging, without its filters.
  const timeline = async (
    query: ParsedQuery<typeof publicVersionTimeline> | ParsedQuery<typeof versionTimeline>,
  ) => {
    const { rows, total } = await versions.timeline(query);
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
  versionManagementRoutes(app, versions, new VersionManagementService(deps.db));
}

function versionManagementRoutes(
  app: FastifyInstance,
  released: VersionsService,
  versions: VersionManagementService,
) {
  registerEndpoint(app, listManagedVersions, async ({ query }) => {
    const { rows, total } = await released.timeline(query);
    return { infos: rows.map(presentManagedVersion), total };
  });

  registerEndpoint(app, checkVersionName, async ({ query }) => {
    await versions.checkName(query.version);
    return null;
  });

  registerEndpoint(app, publishVersion, async ({ auth, request, body }) =>
    presentManagedVersion(await versions.publish(auditActor(auth, request), body)),
  );

  registerEndpoint(app, updateVersionNotes, async ({ auth, request, params, body }) =>
    presentManagedVersion(await versions.updateNotes(auditActor(auth, request), params.id, body)),
  );

  registerEndpoint(app, deleteVersion, async ({ auth, request, params }) => {
    await versions.remove(auditActor(auth, request), params.id);
    return null;
  });
}
