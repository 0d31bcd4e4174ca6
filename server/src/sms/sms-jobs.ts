import { defineOutboxDelivery } from '../jobs/outbox-delivery.js';

/**
 * Delivers one outbox text message through the provider, retried like mail; after the last
 * retry the message is marked failed.
 */
export const deliverSms = defineOutboxDelivery('sms-deliver', 'sms');
