import { z } from 'zod';

export interface RetryPolicy {
  /** Further attempts after the first failure; 0 never retries. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Doubles the delay on each retry (with jitter) instead of a fixed delay. */
  isBackoff: boolean;
}

/**
 * One kind of background work. The queue validates the payload with `payload` on send and
 * again before `run`, so a job never runs on data its type does not describe. `D` is what a
 * run receives (the app's `JobDeps`); the queue passes it through and knows no domain.
 */
export interface JobType<P extends z.ZodType = z.ZodType, D = unknown> {
  /** Queue name, unique, `domain-action` (letters, digits, hyphens). */
  name: string;
  payload: P;
  retry: RetryPolicy;
  /**
   * A run still active after this many seconds counts as crashed (its process died) and is
   * failed and retried by any queue instance. Keep it well above the longest normal run.
   */
  expireInSeconds: number;
  /**
   * Jobs with the same key are one job: while one waits, sending another with that key is a
   * no-op, and two with one key never run at the same time.
   */
  singletonKey?(payload: z.output<P>): string;
  /** Cron expression (UTC) for a job the queue sends itself, once per slot across instances. */
  cron?: string;
  /** Must be idempotent: a job interrupted by a crash runs again from the start. */
  run(deps: D, payload: z.output<P>): Promise<void>;
}

/** Keeps the payload type of `run` tied to the schema. */
export function defineJobType<P extends z.ZodType, D>(type: JobType<P, D>): JobType<P, D> {
  return type;
}

/** A missed run is made up by the next slot, so a short retry is enough. */
const SCHEDULED_RETRY: RetryPolicy = { limit: 2, delaySeconds: 10, isBackoff: true };

/**
 * A job the queue sends itself on a cron rule (UTC): no payload, a short retry. Sent by hand too
 * (to run before its next slot), it shares the schedule's key, so runs never overlap.
 */
export function defineScheduledJob<D>(type: {
  name: string;
  cron: string;
  expireInSeconds: number;
  run(deps: D): Promise<void>;
}): JobType<z.ZodType, D> {
  return {
    ...type,
    payload: z.object({}),
    retry: SCHEDULED_RETRY,
    singletonKey: () => type.name,
    run: (deps) => type.run(deps),
  };
}
