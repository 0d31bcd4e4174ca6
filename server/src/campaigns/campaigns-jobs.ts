import type { JobDeps } from '../app-deps.js';
import type { JobSender } from '../jobs/job-queue.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { CampaignEngine } from './campaign-engine.js';

/** While a wave waits for its devices' results, campaigns step this often, not once a minute. */
export const OPEN_WAVE_STEP_SECONDS = 10;

/**
 * Every minute each running campaign takes one step from its stored state (results in, wave
 * closed or paused, next wave out); after a restart the next slot simply goes on. While a wave
 * is open the job queues itself again sooner, so a wave closes soon after its last result.
 */
export const advanceCampaigns = defineScheduledJob<JobDeps>({
  name: 'campaigns-advance',
  cron: '* * * * *',
  expireInSeconds: 600,
  run: async ({ db, jobs, logger }) => {
    const engine = new CampaignEngine(db, jobs);
    const stepped = await engine.advanceAll();
    if (stepped > 0) logger.info({ campaigns: stepped }, 'campaigns stepped');
    if (await engine.hasOpenWave()) await stepAgainSoon(jobs);
  },
});

/** Queues the next campaign step in a few seconds instead of at the next minute. */
export async function stepAgainSoon(jobs: JobSender): Promise<void> {
  await jobs.send(advanceCampaigns, {}, { startAfterSeconds: OPEN_WAVE_STEP_SECONDS });
}
