import type { JobDeps } from '../app-deps.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { evaluatePlantAlarms } from './evaluate-alarms.js';

/** Plants whose dataloggers were heard within this many hours are evaluated (the longest night rule). */
const ACTIVE_WITHIN_HOURS = 72;

/** The plants with a datalogger heard lately: the ones whose alarms can change. */
export async function activePlantIds(
  deps: Pick<JobDeps, 'db'>,
  now = new Date(),
): Promise<number[]> {
  const rows = await deps.db
    .selectFrom('dataloggers')
    .select('plant_id')
    .distinct()
    .where('plant_id', 'is not', null)
    .where('last_online_at', '>=', new Date(now.getTime() - ACTIVE_WITHIN_HOURS * 3_600_000))
    .execute();
  return rows.flatMap((row) => (row.plant_id === null ? [] : [row.plant_id]));
}

export const evaluateAlarms = defineScheduledJob<JobDeps>({
  name: 'alarms-evaluate',
  cron: '*/5 * * * *',
  expireInSeconds: 600,
  run: async (deps) => {
    const plantIds = await activePlantIds(deps);
    let failed = 0;
    for (const plantId of plantIds) {
      // One plant's bad data (a tariff that no longer parses, a plant deleted meanwhile) must
      // not keep the rules from every plant after it.
      try {
        await evaluatePlantAlarms(deps.db, plantId);
      } catch (error) {
        failed += 1;
        deps.logger.error({ err: error, plantId }, 'alarm rules of a plant not evaluated');
      }
    }
    deps.logger.debug({ plants: plantIds.length, failed }, 'alarm rules evaluated');
  },
});
