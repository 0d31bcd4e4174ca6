import { z } from 'zod';
import { deleteExpiredAuthRecords } from '../auth/auth-housekeeping.js';
import { sendPendingAlarmMails } from '../events/alarm-mails.js';
import { markSilentDevicesOffline } from '../events/device-status.js';
import { deleteExpiredSamples } from '../ingestion/raw-retention.js';
import { SamplePartitions } from '../ingestion/sample-partitions.js';
import { defineJobType, type RetryPolicy } from './job-type.js';

const noPayload = z.object({});
/** A missed run is made up by the next slot, so a short retry is enough. */
const scheduledRetry: RetryPolicy = { limit: 2, delaySeconds: 10, isBackoff: true };

export const markDevicesOffline = defineJobType({
  name: 'devices-mark-offline',
  payload: noPayload,
  retry: scheduledRetry,
  expireInSeconds: 300,
  cron: '* * * * *',
  run: async ({ db, logger }) => {
    const offline = await markSilentDevicesOffline(db);
    if (offline > 0) logger.info({ devices: offline }, 'devices marked offline');
  },
});

export const sendPendingAlarms = defineJobType({
  name: 'alarms-send-pending',
  payload: noPayload,
  retry: scheduledRetry,
  expireInSeconds: 300,
  cron: '* * * * *',
  run: async (deps) => {
    await sendPendingAlarmMails(deps);
  },
});

/** This and next month's partitions of `samples`, well before live data needs them. */
export const prepareSamplePartitions = defineJobType({
  name: 'samples-prepare-partitions',
  payload: noPayload,
  retry: scheduledRetry,
  expireInSeconds: 600,
  cron: '7 * * * *',
  run: async ({ db, logger }) => {
    await new SamplePartitions(db, logger).prepareAhead();
  },
});

export const deleteExpiredRawSamples = defineJobType({
  name: 'samples-delete-expired',
  payload: noPayload,
  retry: scheduledRetry,
  expireInSeconds: 3600,
  cron: '17 * * * *',
  run: async ({ config, db, logger }) => {
    if (config.RAW_RETENTION_DAYS === undefined) return;
    const deleted = await deleteExpiredSamples(db, config.RAW_RETENTION_DAYS);
    if (deleted > 0) logger.info({ deleted }, 'expired raw samples deleted');
  },
});

export const deleteExpiredAuth = defineJobType({
  name: 'auth-delete-expired',
  payload: noPayload,
  retry: scheduledRetry,
  expireInSeconds: 600,
  cron: '37 * * * *',
  run: async ({ db, logger }) => {
    const deleted = await deleteExpiredAuthRecords(db);
    if (deleted.budgets + deleted.codes > 0) logger.info(deleted, 'expired auth records deleted');
  },
});
