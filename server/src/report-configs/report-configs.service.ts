import {
  configRange,
  ErrorCode,
  exportRequest,
  fromServerLanguage,
  MAX_REPORT_CONFIGS,
  REPORT_DELIVERIES_SHOWN,
  type ParsedQuery,
  type createReportConfig,
  type ParsedBody,
  type listReportConfigs,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { fetchPage, isUniqueViolation } from '../db/listing.js';
import type { Row } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { queueExport } from '../exports/exports.service.js';
import { presentDelivery } from './report-configs.presenter.js';
import { nextScheduledRun } from './report-schedule.js';
import { ReportsService } from '../reports/reports.service.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type ReportConfigRow = Row<'report_configs'>;
type ConfigsQuery = ParsedQuery<typeof listReportConfigs>;
type ReportConfigBody = ParsedBody<typeof createReportConfig>;

/** The days a configuration's file covers at `now`: its custom range or last complete period. */
export function configDays(config: ReportConfigRow, now: Date): { from: string; to: string } {
  return configRange(
    {
      period: config.period,
      from: config.period_from,
      to: config.period_to,
      timeZone: config.time_zone,
    },
    now,
  );
}

/**
 * Queues the file of a configuration for its days (`configDays`), owned by `auth`, inside
 * `trx`; answers the download record id.
 */
export function queueConfigFile(
  trx: Db,
  jobs: AppDeps['jobs'],
  auth: AuthContext,
  config: ReportConfigRow,
  now: Date,
) {
  const body = exportRequest.parse({
    kind: 'report',
    format: config.format,
    grouping: config.grouping,
    columns: config.columns,
    ...configDays(config, now),
    ...(config.plant_ids.length > 0 ? { plantIds: config.plant_ids } : {}),
  });
  return queueExport(trx, jobs, auth, body, fromServerLanguage(config.language));
}

/**
 * Saved report configurations, each owned by one user: another user's id answers code 2 like an
 * unknown one. Plants are checked against what the owner sees (700), names are unique per
 * owner (1400).
 */
export class ReportConfigsService {
  private readonly reports: ReportsService;

  constructor(private readonly deps: AppDeps) {
    this.reports = new ReportsService(deps);
  }

  async list(auth: AuthContext, query: ConfigsQuery) {
    const own = this.deps.db.selectFrom('report_configs').where('user_id', '=', auth.userId);
    return fetchPage(
      own.selectAll().orderBy('name').orderBy('id'),
      own.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  private async own(auth: AuthContext, id: number): Promise<ReportConfigRow> {
    const row = await this.deps.db
      .selectFrom('report_configs')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'report configuration not found');
    return row;
  }

  private async columnsOf(auth: AuthContext, body: ReportConfigBody) {
    if (body.plantIds.length > 0) await this.reports.plantIdsOf(auth, body.plantIds);
    const schedule = body.schedule?.trim() || null;
    return {
      name: body.name.trim(),
      plant_ids: [...new Set(body.plantIds)],
      period: body.period,
      period_from: body.from,
      period_to: body.to,
      grouping: body.grouping,
      columns: [...new Set(body.columns)],
      language: body.language,
      format: body.format,
      schedule,
      time_zone: body.timeZone,
      recipients: [...new Set(body.recipients.map((email) => email.trim()))],
      next_run_at: nextScheduledRun(schedule, body.timeZone, new Date()),
      updated_at: new Date(),
    };
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.reportConfigExists);
      throw error;
    }
  }

  async create(auth: AuthContext, body: ReportConfigBody) {
    const values = await this.columnsOf(auth, body);
    return this.uniqueName(() =>
      retryingTransaction(this.deps.db, async (trx) => {
        // The owner's row serialises parallel creations, so the limit holds.
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', auth.userId)
          .forUpdate()
          .execute();
        const { count } = await trx
          .selectFrom('report_configs')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', auth.userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_REPORT_CONFIGS) {
          throw new AppError(ErrorCode.validation, 'Too many report configurations', {
            fields: [{ field: 'name', message: 'validation.maxLength' }],
          });
        }
        return trx
          .insertInto('report_configs')
          .values({ ...values, user_id: auth.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
    );
  }

  async update(auth: AuthContext, id: number, body: ReportConfigBody): Promise<void> {
    await this.own(auth, id);
    const values = await this.columnsOf(auth, body);
    await this.uniqueName(() =>
      this.deps.db
        .updateTable('report_configs')
        .set(values)
        .where('id', '=', id)
        .where('user_id', '=', auth.userId)
        .execute(),
    );
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.own(auth, id);
    await this.deps.db
      .deleteFrom('report_configs')
      .where('id', '=', id)
      .where('user_id', '=', auth.userId)
      .execute();
  }

  /** The latest scheduled mail runs of one of the caller's configurations, newest first. */
  async deliveries(auth: AuthContext, id: number) {
    await this.own(auth, id);
    const runs = await this.deps.db
      .selectFrom('report_deliveries')
      .selectAll()
      .where('config_id', '=', id)
      .orderBy('id', 'desc')
      .limit(REPORT_DELIVERIES_SHOWN)
      .execute();
    const mails =
      runs.length === 0
        ? []
        : await this.deps.db
            .selectFrom('mail_outbox')
            .select(['report_delivery_id', 'recipient', 'sent_at', 'error', 'attempts'])
            .where(
              'report_delivery_id',
              'in',
              runs.map((run) => run.id),
            )
            .orderBy('id')
            .execute();
    return runs.map((run) =>
      presentDelivery(
        run,
        mails.filter((mail) => mail.report_delivery_id === run.id),
      ),
    );
  }

  /** The configuration's file now, in the caller's download records. */
  async fileNow(auth: AuthContext, id: number) {
    const config = await this.own(auth, id);
    return retryingTransaction(this.deps.db, (trx) =>
      queueConfigFile(trx, this.deps.jobs, auth, config, new Date()),
    );
  }
}
