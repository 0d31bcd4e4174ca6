import { Cron } from 'croner';
import { ErrorCode } from '@solar/contract';
import { AppError } from '../errors/app-error.js';

/**
 * The next time a configuration's cron rule (UTC) fires after `now`; null without a rule. A
 * rule croner cannot parse, or one that never fires, answers code 4 on the `schedule` field.
 */
export function nextScheduledRun(schedule: string | null, now: Date): Date | null {
  if (schedule === null) return null;
  let next: Date | null = null;
  try {
    next = new Cron(schedule, { timezone: 'UTC', paused: true }).nextRun(now);
  } catch {
    next = null;
  }
  if (!next) {
    throw new AppError(ErrorCode.validation, 'The schedule is not a valid cron rule', {
      fields: [{ field: 'schedule', message: 'validation.invalid' }],
    });
  }
  return next;
}
