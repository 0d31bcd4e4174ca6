import { Cron } from 'croner';

/** The wall-clock terms of a timed switch task, as stored. */
export interface TaskTerms {
  kind: 'once' | 'repeat';
  /** `YYYY-MM-DD` for a single task. */
  localDate: string | null;
  /** Cron weekdays, 0 Sunday … 6 Saturday, for a repeating task. */
  weekdays: readonly number[];
  /** `HH:MM`. */
  localTime: string;
}

/** The cron rule of a repeating task: minute, hour, any day of the month, the weekdays. */
export function cronRule(terms: TaskTerms): string {
  const [hour, minute] = terms.localTime.split(':').map(Number);
  return `${minute} ${hour} * * ${[...terms.weekdays].sort().join(',')}`;
}

const HOUR_MS = 3_600_000;

/**
 * The first instant after `after` that the terms name in `timeZone`, or null (a single task
 * whose moment has passed). croner resolves the wall clock in the IANA zone: on the spring
 * change a time inside the skipped hour runs shifted by the jump (02:30 runs at 03:30), on the
 * autumn change a time inside the repeated hour runs once, at its first occurrence; every other
 * time keeps its wall-clock hour on both sides of the change.
 */
export function nextRunAfter(terms: TaskTerms, timeZone: string, after: Date): Date | null {
  const pattern =
    terms.kind === 'once' ? `${terms.localDate}T${terms.localTime}:00` : cronRule(terms);
  const job = new Cron(pattern, { timezone: timeZone, paused: true });
  // Asked from inside the repeated autumn hour, croner answers that hour's first occurrence,
  // which has passed; the next one lies past the repeated hour.
  for (let from = after; from.getTime() <= after.getTime() + HOUR_MS;) {
    const next = job.nextRun(from);
    if (!next || next > after) return next;
    from = new Date(from.getTime() + HOUR_MS);
  }
  return null;
}
