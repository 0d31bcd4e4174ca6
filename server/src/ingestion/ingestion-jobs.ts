import type { JobDeps } from '../app-deps.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { deleteExpiredSamples } from './raw-retention.js';
import { SamplePartitions } from './sample-partitions.js';

/** This and next month's partitions of `samples`, well before live data needs them. */
export const prepareSamplePartitions = defineScheduledJob<JobDeps>({
  name: 'samples-prepare-partitions',
  cron: '7 * * * *',
  expireInSeconds: 600,
  run: async ({ db, logger }) => {
    await new SamplePartitions(db, logger).prepareAhead();
  },
});

export const deleteExpiredRawSamples = defineScheduledJob<JobDeps>({
  name: 'samples-delete-expired',
  cron: '17 * * * *',
  expireInSeconds: 3600,
  run: async ({ config, db, logger }) => {
    if (config.RAW_RETENTION_DAYS === undefined) return;
    const deleted = await deleteExpiredSamples(db, config.RAW_RETENTION_DAYS);
    if (deleted > 0) logger.info({ deleted }, 'expired raw samples deleted');
  },
});
