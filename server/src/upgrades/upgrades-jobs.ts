import type { JobDeps } from '../app-deps.js';
import type { CommandsDeps } from '../commands/commands.service.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { UpgradesService } from './upgrades.service.js';

/**
 * Cut upgrades whose time has come are sent once their device is idle (no command in flight,
 * no other upgrade open); a busy device is looked at again on the next minute. Stored state
 * only, so a restart loses nothing.
 */
export const startDueUpgrades = defineScheduledJob<JobDeps & CommandsDeps>({
  name: 'upgrades-start-due',
  cron: '* * * * *',
  expireInSeconds: 600,
  run: async ({ db, logger, commands }) => {
    const upgrades = new UpgradesService(db);
    const due = await upgrades.dueCutJobs();
    if (due.length === 0) return;
    await Promise.all(due.map((id) => upgrades.dispatch(commands, id)));
    logger.info({ jobs: due.length }, 'cut upgrades sent');
  },
});

/** Upgrades whose device went silent past the URL's lifetime fail, so the device is free again. */
export const expireUpgrades = defineScheduledJob<JobDeps>({
  name: 'upgrades-expire',
  cron: '*/5 * * * *',
  expireInSeconds: 300,
  run: async ({ db, logger }) => {
    const expired = await new UpgradesService(db).expireOverdue();
    if (expired > 0) logger.info({ jobs: expired }, 'upgrades expired');
  },
});
