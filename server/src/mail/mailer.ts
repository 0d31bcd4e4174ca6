import { z } from 'zod';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { JobSender } from '../jobs/job-queue.js';
import type { ObjectStore } from '../storage/object-store.js';
import { deliverMail } from './mail-jobs.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** A file sent with a mail, read from the object store when the mail goes out. */
const mailAttachments = z.array(z.object({ fileName: z.string(), objectKey: z.string() }));
export type MailAttachment = z.infer<typeof mailAttachments>[number];

/** The attachments an outbox row stores (JSON). */
export const attachmentsOf = (stored: unknown): MailAttachment[] => mailAttachments.parse(stored);

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** A mail with a key already in the outbox is not sent again. */
  dedupeKey?: string;
  /** The brand of the recipient's account: its sender, when it names one, is the From. */
  brandId?: number | null;
  attachments?: MailAttachment[];
  /** The scheduled report run this mail delivers (its status shows on the report page). */
  reportDeliveryId?: number;
}

/** `"Name" <address>` of the brand's sender; null when the brand names none. */
async function brandSender(db: Db, brandId: number | null | undefined): Promise<string | null> {
  if (!brandId) return null;
  const brand = await db
    .selectFrom('brands')
    .select(['mail_from_name', 'mail_from_address'])
    .where('id', '=', brandId)
    .executeTakeFirst();
  if (!brand?.mail_from_address) return null;
  // The name rule allows no quotes or angle brackets, so it is quoted as it is.
  const name = brand.mail_from_name;
  return name ? `"${name}" <${brand.mail_from_address}>` : brand.mail_from_address;
}

/**
 * Every mail is written to the outbox first, together with its delivery job in one
 * transaction, so nothing is lost and nothing is sent twice; the job sends it through SMTP
 * and is retried with back-off while the server refuses. Without `SMTP_URL` the outbox and
 * the log are the delivery (embedded mode).
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly jobs: JobSender,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly files: ObjectStore,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  /**
   * Returns false when a mail with the same dedupe key was queued before. Inside `trx` when
   * given, so the mail is queued only if the caller's writes commit.
   */
  async send(mail: Mail, trx?: Db): Promise<boolean> {
    const isQueued = trx
      ? await this.queue(trx, mail)
      : await retryingTransaction(this.db, (own) => this.queue(own, mail));
    if (isQueued && !this.transport) {
      this.logger.info(
        { to: mail.to, subject: mail.subject, body: mail.body },
        'mail queued in outbox (no SMTP_URL)',
      );
    }
    return isQueued;
  }

  private async queue(trx: Db, mail: Mail): Promise<boolean> {
    const row = await trx
      .insertInto('mail_outbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        dedupe_key: mail.dedupeKey ?? null,
        sender: await brandSender(trx, mail.brandId),
        sent_at: null,
        error: null,
        attachments: JSON.stringify(mail.attachments ?? []),
        report_delivery_id: mail.reportDeliveryId ?? null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && this.transport) await this.jobs.send(deliverMail, { outboxId: row.id }, { trx });
    return row !== undefined;
  }

  /** Sends one outbox mail unless already sent; throws when SMTP refuses, for a retry. */
  async deliver(outboxId: number): Promise<void> {
    const mail = await this.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'body', 'sender', 'attachments'])
      .where('id', '=', outboxId)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (!mail || !this.transport) return;
    try {
      await this.transport.sendMail({
        from: mail.sender ?? this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        attachments: attachmentsOf(mail.attachments).map((file) => ({
          filename: file.fileName,
          content: this.files.read(file.objectKey),
        })),
      });
    } catch (error) {
      await this.db
        .updateTable('mail_outbox')
        .set((eb) => ({ error: String(error), attempts: eb('attempts', '+', 1) }))
        .where('id', '=', outboxId)
        .execute();
      throw error;
    }
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ sent_at: new Date(), error: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', outboxId)
      .execute();
  }
}
