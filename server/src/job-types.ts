import type { JobDeps } from './app-deps.js';
import { evaluateAlarms } from './alarms/alarms-jobs.js';
import { deleteExpiredAuth } from './auth/auth-jobs.js';
import type { CommandsDeps } from './commands/commands.service.js';
import { expireDeviceCommands } from './commands/commands-jobs.js';
import type { Config } from './config/config.js';
import { buildExport, deleteExpiredExportFiles } from './exports/export-jobs.js';
import { markDevicesOffline, sendPendingAlarms } from './events/events-jobs.js';
import { deleteExpiredRawSamples, prepareSamplePartitions } from './ingestion/ingestion-jobs.js';
import type { JobType } from './jobs/job-type.js';
import { deliverMail } from './mail/mail-jobs.js';
import { deliverSms } from './sms/sms-jobs.js';
import { deliverPush } from './push/push-jobs.js';
import { expireUpgrades, startDueUpgrades } from './upgrades/upgrades-jobs.js';
import { dispatchSwitchTasksJob, runSwitchTaskJob } from './switches/switches-jobs.js';
import { deliverReportMail } from './report-configs/report-delivery.js';
import { runScheduledReports } from './report-configs/report-jobs.js';
import { advanceCampaigns } from './campaigns/campaigns-jobs.js';
import { cutAlarmClips, deleteExpiredRecordings } from './video/video-jobs.js';
import { deliverWebhook } from './webhooks/webhook-delivery.js';
import { dispatchWebhooks } from './webhooks/webhook-dispatch.js';
import { deleteOldWebhooks } from './webhooks/webhook-housekeeping.js';
import type { z } from 'zod';

/** What the job worker hands every run: `JobDeps` and this process's command service. */
export type WorkerDeps = JobDeps & CommandsDeps;

/**
 * Every job type the queue runs; each domain defines its own, and a new one is added here (see
 * docs/jobs.md), like a domain's routes in app.ts. `jobs/` itself knows no domain.
 */
export function jobTypes(
  config: Pick<
    Config,
    'MAIL_RETRY_DELAY_SECONDS' | 'SMS_RETRY_DELAY_SECONDS' | 'SWITCH_TASK_RETRY_DELAY_SECONDS'
  >,
): JobType<z.ZodType, WorkerDeps>[] {
  return [
    {
      ...deliverMail,
      retry: { ...deliverMail.retry, delaySeconds: config.MAIL_RETRY_DELAY_SECONDS },
    },
    { ...deliverSms, retry: { ...deliverSms.retry, delaySeconds: config.SMS_RETRY_DELAY_SECONDS } },
    deliverPush,
    markDevicesOffline,
    sendPendingAlarms,
    prepareSamplePartitions,
    deleteExpiredRawSamples,
    deleteExpiredAuth,
    expireDeviceCommands,
    startDueUpgrades,
    expireUpgrades,
    buildExport,
    deleteExpiredExportFiles,
    dispatchSwitchTasksJob,
    {
      ...runSwitchTaskJob,
      retry: { ...runSwitchTaskJob.retry, delaySeconds: config.SWITCH_TASK_RETRY_DELAY_SECONDS },
    },
    deleteExpiredRecordings,
    runScheduledReports,
    deliverReportMail,
    advanceCampaigns,
    cutAlarmClips,
    dispatchWebhooks,
    deliverWebhook,
    deleteOldWebhooks,
    evaluateAlarms,
  ];
}
