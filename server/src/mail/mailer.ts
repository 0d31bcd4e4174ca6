import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** A mail with a key already in the outbox is not sent again. */
  dedupeKey?: string;
}

/**
 * Every mail is written to the outbox first (so nothing is lost and nothing is sent twice),
 * then sent through SMTP when `SMTP_URL` is configured; without it the outbox and the log
 * are the delivery (embedded mode).
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  /** Returns false when a mail with the same dedupe key was queued before. */
  async send(mail: Mail): Promise<boolean> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        dedupe_key: mail.dedupeKey ?? null,
        sent_at: null,
        error: null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    if (!this.transport) {
      this.logger.info(
        { to: mail.to, subject: mail.subject, body: mail.body },
        'mail queued in outbox (no SMTP_URL)',
      );
      return true;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
      });
      await this.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date() })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      this.logger.warn({ err: error, to: mail.to }, 'mail delivery failed; kept in outbox');
      await this.db
        .updateTable('mail_outbox')
        .set({ error: String(error) })
        .where('id', '=', row.id)
        .execute();
    }
    return true;
  }
}
