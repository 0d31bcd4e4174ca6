import type { SmsMessage } from '@solar/contract';
import type { Row } from '../db/schema.js';

export type SmsOutboxRow = Pick<
  Row<'sms_outbox'>,
  'id' | 'phone' | 'text' | 'purpose' | 'status' | 'attempts' | 'error' | 'created_at' | 'sent_at'
> & { user_email: string | null };

export function presentSmsMessage(row: SmsOutboxRow): SmsMessage {
  return {
    id: row.id,
    phone: row.phone,
    text: row.text,
    purpose: row.purpose,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    userEmail: row.user_email,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}
