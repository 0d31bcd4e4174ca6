import { DEVICE_STATUSES, type DeviceStatus, STATUS_SEVERITY } from '@solar/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database } from '../db/schema.js';

/** A numeric key of a device's last values, null when absent or not a number. */
export function lastValue(key: string, table = 'devices'): RawBuilder<number | null> {
  const values = sql.ref(`${table}.last_values`);
  return sql<number | null>`(CASE WHEN jsonb_typeof(${values} -> ${key}) = 'number'
    THEN (${values} ->> ${key})::float8 END)`;
}

/** The plant-local calendar date of now, for the plant whose time zone column is given. */
export function localToday(timeZoneColumn = 'plants.time_zone'): RawBuilder<string> {
  return sql<string>`(now() AT TIME ZONE ${sql.ref(timeZoneColumn)})::date`;
}

/**
 * The contract's `plantStatus` in SQL over the plant's datalogger summaries, so the list can
 * filter and count by it: offline when no device reports (or there is none), else the worst
 * status of the reporting devices, at least warning while some device is offline.
 */
function plantStatusSql(): RawBuilder<DeviceStatus> {
  const cases = DEVICE_STATUSES.map(
    (status) => sql`WHEN ${sql.lit(STATUS_SEVERITY[status])} THEN ${sql.lit(status)}`,
  );
  const partlyOffline = sql`CASE WHEN SUM(s.offline_devices) > 0
    THEN ${sql.lit(STATUS_SEVERITY.warning)} ELSE ${sql.lit(STATUS_SEVERITY.normal)} END`;
  return sql<DeviceStatus>`(CASE WHEN COALESCE(SUM(s.reporting_devices), 0) = 0
    THEN ${sql.lit('offline')}
    ELSE (CASE GREATEST(MAX(s.worst_severity), ${partlyOffline})
      ${sql.join(cases, sql` `)} END) END)`;
}

/**
 * Today's generation of an inverter: the daily rollup, or the inverter's own day counter when it
 * reported today and the rollup lags behind. The inverter list uses it per row, so its figures
 * sum to the plant's.
 */
export function inverterTodayKwh(): RawBuilder<number> {
  const reportedToday = sql`devices.last_seen_at >= (${localToday()}::timestamp AT TIME ZONE plants.time_zone)`;
  return sql<number>`(CASE WHEN devices.kind = 'inverter' THEN GREATEST(
    COALESCE(energy_daily.energy_kwh, 0),
    CASE WHEN ${reportedToday} THEN COALESCE(${lastValue('e_day_kwh')}, 0) ELSE 0 END
  ) ELSE 0 END)`;
}

/** An energy of the datalogger summaries, counted while their day is still the plant's today. */
function todaysSum(column: 's.today_kwh' | 's.today_rollup_kwh'): RawBuilder<number> {
  return sql<number>`COALESCE(SUM(${sql.ref(column)}) FILTER (WHERE s.day = ${localToday()}), 0)`;
}

function summaryColumns() {
  return [
    plantStatusSql().as('status'),
    sql<number>`COALESCE(SUM(s.power_w), 0)`.as('power_w'),
    todaysSum('s.today_kwh').as('today_kwh'),
    todaysSum('s.today_rollup_kwh').as('today_rollup_kwh'),
    sql<Date | null>`MAX(s.last_seen_at)`.as('last_seen_at'),
  ] as const;
}

/**
 * One row per plant (an aggregate without GROUP BY): status, current inverter power, today's
 * generation and last report, from the stored summaries of its dataloggers (kept by the
 * database's triggers, migration 0051). Joined laterally, for one plant or a few.
 */
export function plantSummary(eb: ExpressionBuilder<Database, 'plants'>) {
  return eb
    .selectFrom('dataloggers')
    .innerJoin('datalogger_summaries as s', 's.datalogger_id', 'dataloggers.id')
    .whereRef('dataloggers.plant_id', '=', 'plants.id')
    .select(summaryColumns())
    .as('summary');
}

/**
 * The same summary for every plant `wherePlants` keeps, in one grouped pass (a plant without
 * dataloggers or devices gets its row too: offline, nothing generated). Lists that filter and
 * sort many plants by these values join it instead of a lateral summary per plant.
 */
export function plantSummaries(
  db: Kysely<Database>,
  wherePlants: (eb: ExpressionBuilder<Database, 'plants'>) => Expression<SqlBool>,
) {
  return db
    .selectFrom('plants')
    .leftJoin('dataloggers', 'dataloggers.plant_id', 'plants.id')
    .leftJoin('datalogger_summaries as s', 's.datalogger_id', 'dataloggers.id')
    .where(wherePlants)
    .groupBy('plants.id')
    .select('plants.id as plant_id')
    .select(summaryColumns())
    .as('summary');
}
