import { Cron } from 'croner';
import { ErrorCode } from '@solar/contract';
import { AppError } from '../errors/app-error.js';

/**
 * The next time a configuration's cron rule fires after `now`, read in the owner's time zone
 * (croner's `timezone`, so 06:00 stays 06:00 local across a daylight-saving change); null
 * without a rule. A rule croner cannot parse, or one that never fires, answers code 4 on the
 * `schedule` field.
 */
export function nextScheduledRun(
  schedule: string | null,
  timeZone: string,
  now: Date,
): Date | null {
  if (schedule === null) return null;
  let next: Date | null = null;
  try {
    next = new Cron(schedule, { timezone: timeZone, paused: true }).nextRun(now);
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
