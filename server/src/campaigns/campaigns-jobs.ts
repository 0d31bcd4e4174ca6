import type { JobDeps } from '../app-deps.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { CampaignEngine } from './campaign-engine.js';

/**
 * Every minute each running campaign takes one step from its stored state (results in, wave
 * closed or paused, next wave out); after a restart the next slot simply goes on.
 */
export const advanceCampaigns = defineScheduledJob<JobDeps>({
  name: 'campaigns-advance',
  cron: '* * * * *',
  expireInSeconds: 600,
  run: async ({ db, jobs, logger }) => {
    const stepped = await new CampaignEngine(db, jobs).advanceAll();
    if (stepped > 0) logger.info({ campaigns: stepped }, 'campaigns stepped');
  },
});
