import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { deleteExpiredAuthRecords } from './auth-housekeeping.js';

export const deleteExpiredAuth = defineScheduledJob<{ db: Db; logger: Logger }>({
  name: 'auth-delete-expired',
  cron: '37 * * * *',
  expireInSeconds: 600,
  run: async ({ db, logger }) => {
    const deleted = await deleteExpiredAuthRecords(db);
    if (deleted.budgets + deleted.codes + deleted.knownSources > 0)
      logger.info(deleted, 'expired auth records deleted');
  },
});
