import type {
  ReportColumn,
  ReportConfig,
  ReportDelivery,
  ReportDeliveryStatus,
  ServerLanguage,
} from '@solar/contract';
import type { Row } from '../db/schema.js';

type DeliveryMail = Pick<Row<'mail_outbox'>, 'recipient' | 'sent_at' | 'error' | 'attempts'>;

const mailStatus = (mail: DeliveryMail): ReportDeliveryStatus => {
  if (mail.sent_at) return 'sent';
  return mail.error ? 'failed' : 'queued';
};

/**
 * A run is sent when every recipient's mail went out, failed while its files could not be
 * built or a mail is refused (both are retried), else queued.
 */
function runStatus(run: Row<'report_deliveries'>, mails: DeliveryMail[]): ReportDeliveryStatus {
  const statuses = mails.map(mailStatus);
  if (statuses.includes('failed') || (run.error && mails.length === 0)) return 'failed';
  return mails.length > 0 && statuses.every((status) => status === 'sent') ? 'sent' : 'queued';
}

export function presentDelivery(
  run: Row<'report_deliveries'>,
  mails: DeliveryMail[],
): ReportDelivery {
  return {
    id: run.id,
    from: run.period_from,
    to: run.period_to,
    createdAt: run.created_at.toISOString(),
    status: runStatus(run, mails),
    error: mails.length === 0 ? run.error : null,
    recipients: mails.map((mail) => ({
      email: mail.recipient,
      status: mailStatus(mail),
      error: mail.sent_at ? null : mail.error,
      attempts: mail.attempts,
      sentAt: mail.sent_at?.toISOString() ?? null,
    })),
  };
}

export function presentReportConfig(row: Row<'report_configs'>): ReportConfig {
  return {
    id: row.id,
    name: row.name,
    plantIds: row.plant_ids,
    period: row.period,
    from: row.period_from,
    to: row.period_to,
    grouping: row.grouping as ReportConfig['grouping'],
    columns: row.columns as ReportColumn[],
    language: row.language as ServerLanguage,
    format: row.format,
    schedule: row.schedule,
    timeZone: row.time_zone,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastExportId: row.last_export_id,
    recipients: row.recipients,
  };
}
