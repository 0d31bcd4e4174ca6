import { z } from 'zod';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

export const SMS_STATUSES = ['queued', 'sent', 'failed'] as const;
export const SMS_PURPOSES = ['alarm', 'verification'] as const;

/** One text message of the outbox: to whom, why, and how its delivery went. */
export const smsMessage = z.object({
  id: z.number().int(),
  phone: z.string(),
  text: z.string(),
  purpose: z.enum(SMS_PURPOSES),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  userEmail: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessage>;

export const listSmsMessages = defineEndpoint({
  method: 'GET',
  path: '/api/v1/management/sms',
  summary: 'The text-message outbox, newest first, filtered by delivery status (read only)',
  tag: 'management',
  access: requires('sys.sms.manage'),
  query: z.object({ ...rules.paging, status: z.enum(SMS_STATUSES).optional() }),
  data: pageOf(smsMessage),
});
