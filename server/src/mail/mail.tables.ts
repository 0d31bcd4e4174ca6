import type { ColumnType, Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  /** Set when a mail must go at most once (one alarm mail per event and user). */
  dedupe_key: string | null;
  sent_at: Date | null;
  error: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
