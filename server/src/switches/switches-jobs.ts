import { z } from 'zod';
import type { JobDeps } from '../app-deps.js';
import type { CommandsDeps } from '../commands/commands.service.js';
import type { Db } from '../db/database.js';
import type { JobSender } from '../jobs/job-queue.js';
import { defineJobType, defineScheduledJob } from '../jobs/job-type.js';
import { dispatchDueTasks, runSwitchTask, SWITCH_TASK_ATTEMPTS } from './switch-tasks.store.js';

/**
 * One run of a timed switch task. Tried SWITCH_TASK_ATTEMPTS times in all, a fixed delay apart
 * (`SWITCH_TASK_RETRY_DELAY_SECONDS`, set in job-types.ts), while the device does not confirm;
 * the last attempt marks the run failed instead of throwing.
 */
export const runSwitchTaskJob = defineJobType({
  name: 'switch-task-run',
  payload: z.object({ runId: z.number().int().positive() }),
  retry: { limit: SWITCH_TASK_ATTEMPTS - 1, delaySeconds: 60, isBackoff: false },
  // Above the longest command wait (COMMAND_TIMEOUT_MS, 20 s by default).
  expireInSeconds: 300,
  singletonKey: ({ runId }) => `switch-task-run:${runId}`,
  run: async (deps: JobDeps & CommandsDeps, { runId }) => runSwitchTask(deps, runId),
});

/** Queues a run's job on `jobs`, inside the dispatcher's transaction. */
export function runSender(jobs: JobSender) {
  return (runId: number, trx: Db) => jobs.send(runSwitchTaskJob, { runId }, { trx });
}

/**
 * Every minute (tasks have minute resolution): claims the due tasks and queues their runs. Runs
 * once per minute whichever processes are up; a task missed while none was up is due at the
 * next dispatch after a restart.
 */
export const dispatchSwitchTasksJob = defineScheduledJob<JobDeps>({
  name: 'switch-tasks-dispatch',
  cron: '* * * * *',
  expireInSeconds: 120,
  run: async ({ db, jobs, logger }) => {
    const created = await dispatchDueTasks(db, runSender(jobs));
    if (created > 0) logger.info({ runs: created }, 'switch task runs queued');
  },
});
