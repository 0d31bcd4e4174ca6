import {
  createExport,
  deleteExport,
  downloadExportFile,
  exportStatus,
  fromServerLanguage,
  listDownloads,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { requestLocale } from '../http/request-language.js';
import { presentDownloadRecord } from './exports.presenter.js';
import { ExportsService } from './exports.service.js';

export function exportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const exports = new ExportsService(deps);

  registerEndpoint(app, createExport, async ({ auth, body, request }) =>
    exports.create(auth, body, body.lan ? fromServerLanguage(body.lan) : requestLocale(request)),
  );

  registerEndpoint(app, exportStatus, async ({ auth, params }) =>
    presentDownloadRecord(await exports.record(auth, params.id)),
  );

  registerEndpoint(app, downloadExportFile, async ({ auth, params }) =>
    exports.file(auth, params.id),
  );

  registerEndpoint(app, deleteExport, async ({ auth, params }) => {
    await exports.remove(auth, params.id);
    return null;
  });

  registerEndpoint(app, listDownloads, async ({ auth, query }) => {
    const { rows, total } = await exports.list(auth, query);
    return { infos: rows.map(presentDownloadRecord), total };
  });
}
