import type { AppDeps } from '../app-deps.js';
import type { Unsubscribe } from '../db/notifications.js';
import { dispatchWebhooks } from './webhook-dispatch.js';

/** The channel the outbox's triggers notify (migration 0062). */
const OUTBOX_CHANNEL = 'webhook_outbox';

/**
 * Sends the dispatch job when the outbox gets rows (and when the notification connection is
 * back, for rows written meanwhile), so an event reaches its receivers within seconds. The
 * job's singleton key folds a burst of notifications into one waiting run.
 */
export function watchWebhookOutbox(
  deps: Pick<AppDeps, 'notifications' | 'jobs' | 'logger'>,
): Promise<Unsubscribe> {
  const wake = () => {
    deps.jobs
      .send(dispatchWebhooks, {})
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'webhook dispatch not queued'));
  };
  return deps.notifications.subscribe(OUTBOX_CHANNEL, { message: wake, up: wake });
}
