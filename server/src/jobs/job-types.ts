import type { Config } from '../config/config.js';
import { deliverMail } from '../mail/mail-jobs.js';
import type { JobType } from './job-type.js';
import {
  deleteExpiredAuth,
  deleteExpiredRawSamples,
  markDevicesOffline,
  prepareSamplePartitions,
  sendPendingAlarms,
} from './scheduled-jobs.js';

/** Every job type the queue runs; a new type is added here (see docs/jobs.md). */
export function jobTypes(config: Pick<Config, 'MAIL_RETRY_DELAY_SECONDS'>): JobType[] {
  return [
    {
      ...deliverMail,
      retry: { ...deliverMail.retry, delaySeconds: config.MAIL_RETRY_DELAY_SECONDS },
    },
    markDevicesOffline,
    sendPendingAlarms,
    prepareSamplePartitions,
    deleteExpiredRawSamples,
    deleteExpiredAuth,
  ];
}
