import { defineOutboxDelivery } from '../jobs/outbox-delivery.js';

/**
 * Delivers one outbox push message to its browser's push service, retried like mail; a
 * subscription the service reports gone (404, 410) is removed instead.
 */
export const deliverPush = defineOutboxDelivery('push-deliver', 'push');
