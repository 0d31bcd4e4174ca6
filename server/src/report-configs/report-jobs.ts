import type { JobDeps } from '../app-deps.js';
import { type AuthContext, loadEnabledUser } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { configDays, queueConfigFile } from './report-configs.service.js';
import { queueReportDelivery, removeDeliveredAttachments } from './report-delivery.js';
import { nextScheduledRun } from './report-schedule.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type SchedulerDeps = Pick<JobDeps, 'db' | 'jobs'>;

/** The owners a run has read, by user id: an owner of many rules is read once per run. */
type Owners = Map<number, AuthContext | null>;

async function ownerOf(trx: Db, owners: Owners, userId: number): Promise<AuthContext | null> {
  if (!owners.has(userId)) {
    owners.set(userId, (await loadEnabledUser(trx, userId))?.context ?? null);
  }
  return owners.get(userId) ?? null;
}

/**
 * Runs one due configuration, if any: claims it with FOR UPDATE SKIP LOCKED, queues its file
 * for the owner, its mail to the recipients (if it has any) and moves `next_run_at` on in the
 * same transaction, so two processes never produce the same slot twice. An owner disabled or
 * without `workdata.view` gets no file and no mail; the rule still moves on. Answers whether a
 * configuration was due.
 */
async function runOneDueReport(deps: SchedulerDeps, now: Date, owners: Owners): Promise<boolean> {
  return retryingTransaction(deps.db, async (trx) => {
    const config = await trx
      .selectFrom('report_configs')
      .selectAll()
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!config) return false;
    const auth = await ownerOf(trx, owners, config.user_id);
    const file = auth?.permissions.has('workdata.view')
      ? await queueConfigFile(trx, deps.jobs, auth, config, now)
      : null;
    if (file && config.recipients.length > 0) {
      await queueReportDelivery(trx, deps.jobs, config, configDays(config, now));
    }
    await trx
      .updateTable('report_configs')
      .set({
        next_run_at: nextScheduledRun(config.schedule, config.time_zone, now),
        last_run_at: now,
        last_export_id: file?.id ?? config.last_export_id,
      })
      .where('id', '=', config.id)
      .execute();
    return true;
  });
}

/** Every due configuration, one transaction each. */
export async function runDueReports(deps: SchedulerDeps, now = new Date()): Promise<number> {
  const owners: Owners = new Map();
  let count = 0;
  while (await runOneDueReport(deps, now, owners)) count += 1;
  return count;
}

export const runScheduledReports = defineScheduledJob<JobDeps>({
  name: 'reports-run-scheduled',
  cron: '* * * * *',
  expireInSeconds: 600,
  run: async (deps) => {
    const count = await runDueReports(deps);
    if (count > 0) deps.logger.info({ count }, 'scheduled reports queued');
    await removeDeliveredAttachments(deps);
  },
});
