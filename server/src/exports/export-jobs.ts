import { z } from 'zod';
import type { JobDeps } from '../app-deps.js';
import { defineJobType, defineScheduledJob } from '../jobs/job-type.js';
import { buildExportFile, deleteExpiredExports } from './export-build.js';

const BUILD_RETRY = { limit: 2, delaySeconds: 10, isBackoff: true };

export const buildExport = defineJobType({
  name: 'exports-build',
  payload: z.object({ exportId: z.number().int().positive() }),
  // A failed build is tried twice more; after the last attempt the record shows `failed`.
  retry: BUILD_RETRY,
  // Far above the slowest real build (a million rows take a few minutes).
  expireInSeconds: 3600,
  singletonKey: ({ exportId }) => `export:${exportId}`,
  run: (deps: JobDeps, { exportId }) => buildExportFile(deps, exportId, BUILD_RETRY.limit + 1),
});

export const deleteExpiredExportFiles = defineScheduledJob<JobDeps>({
  name: 'exports-delete-expired',
  cron: '23 * * * *',
  expireInSeconds: 600,
  run: async (deps) => {
    const deleted = await deleteExpiredExports(deps);
    if (deleted > 0) deps.logger.info({ deleted }, 'expired exports deleted');
  },
});
