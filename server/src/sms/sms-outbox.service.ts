import type { listSmsMessages, ParsedQuery } from '@solar/contract';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import type { SmsOutboxRow } from './sms.presenter.js';

/** The outbox as system management reads it: every message, newest first. */
export class SmsOutboxService {
  constructor(private readonly db: Db) {}

  async list(
    query: ParsedQuery<typeof listSmsMessages>,
  ): Promise<{ rows: SmsOutboxRow[]; total: number }> {
    let base = this.db.selectFrom('sms_outbox').leftJoin('users', 'users.id', 'sms_outbox.user_id');
    if (query.status) base = base.where('sms_outbox.status', '=', query.status);
    return fetchPage(
      base
        .select([
          'sms_outbox.id',
          'sms_outbox.phone',
          'sms_outbox.text',
          'sms_outbox.purpose',
          'sms_outbox.status',
          'sms_outbox.attempts',
          'sms_outbox.error',
          'sms_outbox.created_at',
          'sms_outbox.sent_at',
          'users.email as user_email',
        ])
        .orderBy('sms_outbox.created_at', 'desc')
        .orderBy('sms_outbox.id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }
}
