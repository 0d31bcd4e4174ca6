import { defineOutboxDelivery } from '../jobs/outbox-delivery.js';

/** Delivers one outbox mail through SMTP, retried while the server refuses it. */
export const deliverMail = defineOutboxDelivery('mail-deliver', 'mailer');
