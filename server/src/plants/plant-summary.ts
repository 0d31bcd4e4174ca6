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

function severityOf(column: string): RawBuilder<number> {
  const cases = DEVICE_STATUSES.map(
    (status) => sql`WHEN ${sql.lit(status)} THEN ${sql.lit(STATUS_SEVERITY[status])}`,
  );
  return sql<number>`(CASE ${sql.ref(column)} ${sql.join(cases, sql` `)} END)`;
}

/**
 * The contract's `plantStatus` in SQL, so the list can filter and count by it: offline when no
 * device reports (or there is none), else the worst status of the reporting devices, at least
 * warning while some device is offline.
 */
function plantStatusSql(): RawBuilder<DeviceStatus> {
  const cases = DEVICE_STATUSES.map(
    (status) => sql`WHEN ${sql.lit(STATUS_SEVERITY[status])} THEN ${sql.lit(status)}`,
  );
  const isReporting = sql`devices.status <> 'offline'`;
  const partlyOffline = sql`CASE WHEN bool_or(devices.status = 'offline')
    THEN ${sql.lit(STATUS_SEVERITY.warning)} ELSE ${sql.lit(STATUS_SEVERITY.normal)} END`;
  return sql<DeviceStatus>`(CASE WHEN COUNT(*) FILTER (WHERE ${isReporting}) = 0
    THEN ${sql.lit('offline')}
    ELSE (CASE GREATEST(MAX(${severityOf('devices.status')}) FILTER (WHERE ${isReporting}), ${partlyOffline})
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

function summaryColumns() {
  return [
    plantStatusSql().as('status'),
    sql<number>`COALESCE(SUM(CASE WHEN devices.kind = 'inverter' AND devices.status <> 'offline'
      THEN COALESCE(${lastValue('pac_w')}, 0) ELSE 0 END), 0)`.as('power_w'),
    sql<number>`COALESCE(SUM(${inverterTodayKwh()}), 0)`.as('today_kwh'),
    sql<number>`COALESCE(SUM(energy_daily.energy_kwh) FILTER (WHERE devices.kind = 'inverter'), 0)`.as(
      'today_rollup_kwh',
    ),
    sql<Date | null>`MAX(devices.last_seen_at)`.as('last_seen_at'),
  ] as const;
}

/**
 * One row per plant (an aggregate without GROUP BY): status, current inverter power, today's
 * generation and last report. Joined laterally, for one plant or a few.
 */
export function plantSummary(eb: ExpressionBuilder<Database, 'plants'>) {
  return eb
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .leftJoin('energy_daily', (join) =>
      join
        .onRef('energy_daily.device_id', '=', 'devices.id')
        .on('energy_daily.day', '=', localToday()),
    )
    .whereRef('dataloggers.plant_id', '=', 'plants.id')
    .select(summaryColumns())
    .as('summary');
}

/**
 * The same summary for every plant `wherePlants` keeps, in one grouped pass over their devices
 * (a plant without devices gets its row too: offline, nothing generated). Lists that filter and
 * sort many plants by these values join it: a lateral summary per plant costs a nested loop each.
 */
export function plantSummaries(
  db: Kysely<Database>,
  wherePlants: (eb: ExpressionBuilder<Database, 'plants'>) => Expression<SqlBool>,
) {
  return db
    .selectFrom('plants')
    .leftJoin('dataloggers', 'dataloggers.plant_id', 'plants.id')
    .leftJoin('devices', 'devices.datalogger_id', 'dataloggers.id')
    .leftJoin('energy_daily', (join) =>
      join
        .onRef('energy_daily.device_id', '=', 'devices.id')
        .on('energy_daily.day', '=', localToday()),
    )
    .where(wherePlants)
    .groupBy('plants.id')
    .select('plants.id as plant_id')
    .select(summaryColumns())
    .as('summary');
}
