import {
  deleteDownloadFile,
  downloadCenterFile,
  downloadCenterFiles,
  type DownloadFile,
  publishDownloadFile,
} from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Row } from '../db/schema.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { DownloadCenterService } from './download-center.service.js';
import { receiveDownload } from './download-upload.js';

function presentFile(row: Row<'download_files'>): DownloadFile {
  return {
    id: row.id,
    title: row.title,
    category: row.category as DownloadFile['category'],
    language: row.language as DownloadFile['language'],
    version: row.version,
    fileName: row.file_name,
    size: Number(row.size),
    uploadedAt: row.created_at.toISOString(),
  };
}

export function downloadCenterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const center = new DownloadCenterService(deps);

  registerEndpoint(app, downloadCenterFiles, async ({ query }) => {
    const { rows, total } = await center.list(query);
    return { infos: rows.map(presentFile), total };
  });
  registerEndpoint(app, downloadCenterFile, async ({ params }) => center.file(params.id));
  registerEndpoint(app, publishDownloadFile, async ({ auth, request }) =>
    presentFile(await center.publish(auth, await receiveDownload(request, deps.files))),
  );
  registerEndpoint(app, deleteDownloadFile, async ({ params }) => {
    await center.remove(params.id);
    return null;
  });
}
