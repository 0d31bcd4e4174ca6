import { ErrorCode, exportRequest, fromServerLanguage, type Locale } from '@solar/contract';
import { z } from 'zod';
import type { JobDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { exportFile } from '../exports/export-files.js';
import { ownerContext } from '../exports/export-owner.js';
import { EXPORT_TABLES } from '../exports/export-tables.js';
import { type ExportFilters, exportFiltersOf } from '../exports/exports.tables.js';
import { reportFileRows, reportHeaders } from '../exports/report-rows.js';
import { defineJobType } from '../jobs/job-type.js';
import { attachmentsOf, type MailAttachment } from '../mail/mailer.js';
import type { ReportConfigRow } from './report-configs.service.js';
import { reportLogo } from '../reports/report-logo.js';
import { reportMailText } from './report-mail-texts.js';
import { ReportsService } from '../reports/reports.service.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type ReportFilters = Extract<ExportFilters, { kind: 'report' }>;

type DeliveryDeps = Pick<JobDeps, 'db' | 'files' | 'mailer' | 'logger' | 'config'>;

/** Both files of a mailed report, built once per language of its recipients. */
const MAIL_FORMATS = ['pdf', 'xlsx'] as const;
/** The files of a run are removed this long after it even if a mail never went out. */
const ATTACHMENT_RETENTION_MS = 3 * 86_400_000;

/** One scheduled run's mail: queued with the run, in the scheduler's transaction. */
export async function queueReportDelivery(
  trx: Db,
  jobs: JobDeps['jobs'],
  config: ReportConfigRow,
  period: { from: string; to: string },
): Promise<void> {
  const delivery = await trx
    .insertInto('report_deliveries')
    .values({ config_id: config.id, period_from: period.from, period_to: period.to })
    .returning('id')
    .executeTakeFirstOrThrow();
  await jobs.send(deliverReportMail, { deliveryId: delivery.id }, { trx });
}

/** Each recipient's language: the user's holding the address, else the configuration's. */
async function recipientLocales(db: Db, config: ReportConfigRow): Promise<Map<string, Locale>> {
  const users = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('email', 'in', config.recipients)
    .execute();
  const byEmail = new Map(users.map((user) => [user.email.toLowerCase(), user.language]));
  return new Map(
    config.recipients.map((email) => [
      email,
      fromServerLanguage(byEmail.get(email.toLowerCase()) ?? config.language),
    ]),
  );
}

const fileNameOf = (config: ReportConfigRow, from: string, to: string, format: string) =>
  `${config.name.replace(/[\\/:*?"<>|]/g, '_')} ${from}_${to}.${format}`;

/** What a run's files are made of, read once per run: the report's figures and the logo. */
interface RunContent {
  report: Awaited<ReturnType<ReportsService['run']>>;
  filters: ReportFilters;
  logo: Buffer | null;
}

async function runContent(
  deps: DeliveryDeps,
  auth: AuthContext,
  config: ReportConfigRow,
  period: { from: string; to: string },
): Promise<RunContent> {
  const filters = exportFiltersOf(
    exportRequest.parse({
      kind: 'report',
      format: 'pdf',
      grouping: config.grouping,
      columns: config.columns,
      ...period,
      ...(config.plant_ids.length > 0 ? { plantIds: config.plant_ids } : {}),
    }),
  ) as ReportFilters;
  const [report, logo] = await Promise.all([
    new ReportsService(deps).run(auth, filters),
    reportLogo({ db: deps.db, files: deps.files, dataDir: deps.config.DATA_DIR }, config.user_id),
  ]);
  return { report, filters, logo };
}

/** Writes one language's PDF and XLSX of the run's report to the object store. */
async function buildAttachments(
  deps: DeliveryDeps,
  content: RunContent,
  config: ReportConfigRow,
  deliveryId: number,
  period: { from: string; to: string },
  locale: Locale,
): Promise<MailAttachment[]> {
  const attachments: MailAttachment[] = [];
  const headers = reportHeaders(locale, content.filters);
  for (const format of MAIL_FORMATS) {
    // A fresh iterator per file: each format reads the rows through to the end.
    const { rows } = reportFileRows(content.report, content.filters, locale);
    const objectKey = `report-mail/${deliveryId}/${locale}/report.${format}`;
    await deps.files.put(
      objectKey,
      exportFile(format, EXPORT_TABLES.report.name, headers, rows, locale, content.logo),
    );
    attachments.push({ objectKey, fileName: fileNameOf(config, period.from, period.to, format) });
  }
  return attachments;
}

async function recordError(db: Db, deliveryId: number, error: unknown): Promise<void> {
  const reason = error instanceof AppError ? `code ${error.code}` : String(error);
  await db
    .updateTable('report_deliveries')
    .set({ error: reason })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Builds a run's files in each recipient's language, scoped to what the configuration's owner
 * may see now, and queues one outbox mail per recipient with them in one transaction. The
 * outbox job sends each mail and retries it with back-off while the SMTP server refuses. An
 * owner who was disabled or lost `workdata.view` gets nothing mailed: the run is failed with
 * the code. Idempotent: dedupe keys keep a rerun from mailing anyone twice.
 */
export async function deliverReport(deps: DeliveryDeps, deliveryId: number): Promise<void> {
  const delivery = await deps.db
    .selectFrom('report_deliveries')
    .innerJoin('report_configs', 'report_configs.id', 'report_deliveries.config_id')
    .selectAll('report_configs')
    .select(['report_deliveries.period_from', 'report_deliveries.period_to'])
    .where('report_deliveries.id', '=', deliveryId)
    .executeTakeFirst();
  if (!delivery || delivery.recipients.length === 0) return;
  const period = { from: delivery.period_from, to: delivery.period_to };
  try {
    const auth = await ownerContext(deps.db, delivery.user_id);
    if (!auth.permissions.has('workdata.view')) throw new AppError(ErrorCode.noPermission);
    const locales = await recipientLocales(deps.db, delivery);
    const content = await runContent(deps, auth, delivery, period);
    const files = new Map<Locale, MailAttachment[]>();
    for (const locale of new Set(locales.values())) {
      files.set(
        locale,
        await buildAttachments(deps, content, delivery, deliveryId, period, locale),
      );
    }
    await retryingTransaction(deps.db, async (trx) => {
      for (const [email, locale] of locales) {
        const text = reportMailText(locale, delivery.name, `${period.from} – ${period.to}`);
        await deps.mailer.send(
          {
            to: email,
            subject: text.subject,
            body: text.body,
            attachments: files.get(locale),
            reportDeliveryId: deliveryId,
            dedupeKey: `report-mail:${deliveryId}:${email.toLowerCase()}`,
          },
          trx,
        );
      }
      await trx
        .updateTable('report_deliveries')
        .set({ error: null })
        .where('id', '=', deliveryId)
        .execute();
    });
  } catch (error) {
    await recordError(deps.db, deliveryId, error);
    if (error instanceof AppError) return;
    throw error;
  }
}

export const deliverReportMail = defineJobType({
  name: 'report-mail',
  payload: z.object({ deliveryId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 60, isBackoff: true },
  expireInSeconds: 600,
  singletonKey: ({ deliveryId }) => `report-delivery:${deliveryId}`,
  run: (deps: DeliveryDeps, { deliveryId }) => deliverReport(deps, deliveryId),
});

/**
 * Removes the attachments of runs whose mails all went out, and of runs older than the
 * retention time whatever became of them. Answers how many runs were cleaned.
 */
export async function removeDeliveredAttachments(
  deps: Pick<JobDeps, 'db' | 'files'>,
  now = new Date(),
): Promise<number> {
  const done = await deps.db
    .selectFrom('report_deliveries')
    .select('id')
    .where('files_removed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', new Date(now.getTime() - ATTACHMENT_RETENTION_MS)),
        eb.and([
          eb.exists(
            eb
              .selectFrom('mail_outbox')
              .whereRef('report_delivery_id', '=', 'report_deliveries.id'),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('mail_outbox')
                .whereRef('report_delivery_id', '=', 'report_deliveries.id')
                .where('sent_at', 'is', null),
            ),
          ),
        ]),
      ]),
    )
    .execute();
  for (const { id } of done) {
    const mails = await deps.db
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('report_delivery_id', '=', id)
      .execute();
    const keys = new Set(
      mails.flatMap((mail) => attachmentsOf(mail.attachments).map((a) => a.objectKey)),
    );
    for (const key of keys) await deps.files.remove(key);
    await deps.db
      .updateTable('report_deliveries')
      .set({ files_removed_at: now })
      .where('id', '=', id)
      .execute();
  }
  return done.length;
}
