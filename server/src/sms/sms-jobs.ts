import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.js';

/** What delivers one outbox row (SmsSender); structural, so the job type needs nothing of it. */
interface OutboxDelivery {
  deliver(outboxId: number): Promise<void>;
}

/**
 * Delivers one outbox text message through the provider. A refused or unreachable gateway
 * fails the job, which the queue retries with growing delays like mail; after the last retry
 * the message is marked failed.
 */
export const deliverSms = defineJobType({
  name: 'sms-deliver',
  payload: z.object({ outboxId: z.number().int().positive() }),
  retry: { limit: 10, delaySeconds: 30, isBackoff: true },
  expireInSeconds: 120,
  singletonKey: ({ outboxId }) => `sms:${outboxId}`,
  run: async ({ sms }: { sms: OutboxDelivery }, { outboxId }) => {
    await sms.deliver(outboxId);
  },
});
