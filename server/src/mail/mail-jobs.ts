import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.js';

/** What delivers one outbox row (Mailer); structural, so the job type needs nothing of it. */
interface OutboxDelivery {
  deliver(outboxId: number): Promise<void>;
}

/**
 * Delivers one outbox mail through SMTP. A refused or unreachable server fails the job, which
 * the queue retries with growing delays (about 30 s, 1 min, 2 min, … up to 10 retries).
 */
export const deliverMail = defineJobType({
  name: 'mail-deliver',
  payload: z.object({ outboxId: z.number().int().positive() }),
  retry: { limit: 10, delaySeconds: 30, isBackoff: true },
  expireInSeconds: 120,
  singletonKey: ({ outboxId }) => `outbox:${outboxId}`,
  run: async ({ mailer }: { mailer: OutboxDelivery }, { outboxId }) => {
    await mailer.deliver(outboxId);
  },
});
