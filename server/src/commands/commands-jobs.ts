import { defineScheduledJob } from '../jobs/job-type.js';
import { expireOverdue } from './command-store.js';

/**
 * Commands whose deadline passed while no server process waited for them (the process that
 * sent them stopped) become timedOut. The waiting process does this itself at the deadline;
 * this job covers the rest, every minute, on whichever process runs jobs.
 */
export const expireDeviceCommands = defineScheduledJob({
  name: 'commands-expire',
  cron: '* * * * *',
  expireInSeconds: 300,
  run: async ({ db, logger }) => {
    const dataloggers = await expireOverdue(db);
    if (dataloggers.length > 0)
      logger.info({ dataloggers: dataloggers.length }, 'commands timed out');
  },
});
