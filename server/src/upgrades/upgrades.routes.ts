import {
  batchUpgrade,
  batchUpgradeProgress,
  cutUpgrade,
  ErrorCode,
  exportMaintenanceLog,
  FINISHED_UPGRADE_STATUSES,
  FIRMWARE_DOWNLOAD_PATH,
  inverterUpgradeProgress,
  listMaintenanceLog,
  reportUpgrade,
  upgradeInverter,
} from '@solar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { registerEndpoint } from '../http/endpoint-route.js';
import { sendRefusal } from '../http/error-handler.js';
import { requestedRange } from './firmware-download.js';
import { maintenanceCsv } from './maintenance-csv.js';
import { MaintenanceLog } from './maintenance-log.js';
import { isTokenValid } from './upgrade-token.js';
import { presentBatch, presentMaintenance, presentProgress } from './upgrades.presenter.js';
import { type StartRequest, UpgradesService } from './upgrades.service.js';
import type { UpgradeJobRow } from './upgrades.tables.js';

/** The portal's address as the caller reached it: the start of the device's URLs. */
export function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const deviceUrlQuery = z.object({ token: z.string().min(16).max(128) });

export function upgradesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const upgrades = new UpgradesService(deps.db);
  const log = new MaintenanceLog(deps.db);

  /** Stores the jobs and sends them now (cut upgrades wait for the `upgrades-start-due` job). */
  const start = async (auth: AuthContext, request: StartRequest) => {
    const jobs = await upgrades.start(auth, request);
    const sent =
      request.kind === 'cut'
        ? jobs
        : await Promise.all(jobs.map((job) => upgrades.dispatch(app.commands, job.id)));
    return { batchId: jobs[0]!.batch_id, jobIds: sent.map((job) => job.id) };
  };

  registerEndpoint(app, upgradeInverter, async ({ auth, params, body, request }) => {
    const started = await start(auth, {
      firmwareId: body.firmwareId,
      sns: [params.sn],
      kind: 'single',
      includeOffline: false,
      baseUrl: baseUrlOf(request),
    });
    const job = await upgrades.job(started.jobIds[0]!);
    if (job.status === 'failed') {
      throw new AppError(ErrorCode.commandFailed, job.failure_reason ?? undefined, started);
    }
    return started;
  });

  registerEndpoint(app, batchUpgrade, async ({ auth, body, request }) =>
    start(auth, { ...body, kind: 'batch', baseUrl: baseUrlOf(request) }),
  );

  registerEndpoint(app, cutUpgrade, async ({ auth, body, request }) =>
    start(auth, {
      ...body,
      kind: 'cut',
      at: body.at ? new Date(body.at) : undefined,
      baseUrl: baseUrlOf(request),
    }),
  );

  registerEndpoint(app, inverterUpgradeProgress, async ({ auth, params }) => {
    const row = await log.latestOf(auth, params.sn);
    if (!row) throw new AppError(ErrorCode.deviceNotFound);
    return presentProgress(row);
  });

  registerEndpoint(app, batchUpgradeProgress, async ({ auth, params }) => {
    const rows = await log.batch(auth, params.batchId);
    if (rows.length === 0) throw new AppError(ErrorCode.noPermission);
    return presentBatch(rows);
  });

  registerEndpoint(app, listMaintenanceLog, async ({ auth, query }) => {
    const { rows, total } = await log.list(auth, query);
    return { infos: rows.map(presentMaintenance), total };
  });

  registerEndpoint(app, exportMaintenanceLog, async ({ auth, query }) => ({
    fileName: 'maintenance-log.csv',
    body: maintenanceCsv((await log.all(auth, query)).map(presentMaintenance)),
  }));

  /** The job behind a device URL when its token is valid and the job still open; null otherwise. */
  const jobOfDeviceUrl = async (jobId: string, token: string): Promise<UpgradeJobRow | null> => {
    const job = await deps.db
      .selectFrom('upgrade_jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job || !isTokenValid(token, job)) return null;
    return FINISHED_UPGRADE_STATUSES.includes(job.status) ? null : job;
  };

  registerEndpoint(app, reportUpgrade, async ({ params, query, body }) => {
    const job = await jobOfDeviceUrl(params.jobId, query.token);
    if (!job) throw new AppError(ErrorCode.noPermission);
    return { accepted: await upgrades.report(job, body) };
  });

  // Not an envelope endpoint: the answer is the file, or a part of it (206) for `Range`.
  app.get(FIRMWARE_DOWNLOAD_PATH, async (request, reply) => {
    const { jobId } = request.params as { jobId: string };
    const query = deviceUrlQuery.safeParse(request.query);
    const isUuid = z.string().uuid().safeParse(jobId).success;
    const job = query.success && isUuid ? await jobOfDeviceUrl(jobId, query.data.token) : null;
    const firmware = job?.firmware_id
      ? await deps.db
          .selectFrom('firmwares')
          .select(['object_key', 'size_bytes', 'sha256', 'file_name'])
          .where('id', '=', job.firmware_id)
          .executeTakeFirst()
      : undefined;
    if (!firmware) return sendRefusal(request, reply, 403, ErrorCode.noPermission);
    const size = firmware.size_bytes;
    const range = requestedRange(request.headers.range, size);
    if (range === 'invalid') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    reply
      .header('content-type', 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'no-store')
      .header('x-firmware-sha256', firmware.sha256);
    if (!range) {
      return reply.header('content-length', size).send(deps.files.read(firmware.object_key));
    }
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(deps.files.read(firmware.object_key, range));
  });
}
