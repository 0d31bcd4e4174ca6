import { z } from 'zod';
import { defineJobType, type JobType } from './job-type.js';

/** What delivers one row of an outbox: the mailer, the SMS sender. */
export interface OutboxDelivery {
  deliver(outboxId: number): Promise<void>;
}

const outboxRow = z.object({ outboxId: z.number().int().positive() });

/**
 * The job that delivers one outbox row through `deps[service]`. A refused or unreachable server
 * fails the job, which the queue retries with growing delays (about 30 s, 1 min, 2 min, … up to
 * 10 retries); one row is one job, however often it is sent.
 */
export function defineOutboxDelivery<S extends string>(
  name: string,
  service: S,
): JobType<typeof outboxRow, Record<S, OutboxDelivery>> {
  return defineJobType({
    name,
    payload: outboxRow,
    retry: { limit: 10, delaySeconds: 30, isBackoff: true },
    expireInSeconds: 120,
    singletonKey: ({ outboxId }) => `${name}:${outboxId}`,
    run: async (deps: Record<S, OutboxDelivery>, { outboxId }) => {
      await deps[service].deliver(outboxId);
    },
  });
}
