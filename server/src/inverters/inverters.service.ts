import {
  CHART_SELECTION_RULES,
  type chartParameterDay,
  describeParameter,
  DEVICE_STATUSES,
  type DeviceStatus,
  ErrorCode,
  type inverterCount,
  inverterModelOf,
  type listInverters,
  localDate,
  type Locale,
  MAX_PHASES,
  normalizeModelCode,
  type ParameterInfo,
  type ParsedQuery,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import {
  type DeviceListFilters,
  findVisibleDevice,
  PLANT_ACCESS_COLUMNS,
  type VisibleDevice,
  visibleDevices,
} from '../equipment/device-access.js';
import { callersShare } from '../plants/plant-access.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { dayTimeZone, readLocalDay } from '../plants/local-day.js';
import { inverterTodayKwh, lastValue } from '../plants/plant-summary.js';
import { dayCsv } from './inverter-csv.js';
import { compareParameters, inverterDaySeries } from './inverter-day.js';
import { presentInverterDetail, presentInverterListItem } from './inverters.presenter.js';
import { plantDcPeaksKw } from './dc-peak.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

type ListQuery = ParsedQuery<typeof listInverters>;
type CountQuery = ParsedQuery<typeof inverterCount>;
type ChartDayQuery = ParsedQuery<typeof chartParameterDay>;

const SORT_COLUMNS = {
  sn: 'devices.sn',
  plantName: 'plants.name',
  power: 'power_w',
  todayKwh: 'today_kwh',
  lastSeenAt: 'devices.last_seen_at',
} as const;

/** Without a plant, days are UTC days. */

/**
 * The inverters of the list and its export: the shared device-visibility query with today's
 * rollup row (plant-local day).
 */
export function visibleInverters(db: Db, auth: AuthContext, filters: DeviceListFilters) {
  return visibleDevices(db, auth, 'inverter', filters).leftJoin('energy_daily', (join) =>
    join
      .onRef('energy_daily.device_id', '=', 'devices.id')
      .on('energy_daily.day', '=', sql<string>`(now() AT TIME ZONE plants.time_zone)::date`),
  );
}

const nullableNumber = (value: string | number | null) => (value === null ? null : Number(value));

export class InvertersService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Inverters the caller may see, with their datalogger, plant and today's rollup row. */
  private visible(auth: AuthContext, filters: CountQuery & DeviceListFilters) {
    let query = visibleInverters(this.db, auth, filters).leftJoin(
      'plant_shares',
      callersShare(auth),
    );
    if (filters.model !== undefined) {
      query = query.where(sql`upper(devices.model_code)`, '=', normalizeModelCode(filters.model));
    }
    return query;
  }

  async list(auth: AuthContext, query: ListQuery) {
    const filtered = this.visible(auth, query);
    const { total } = await filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await filtered
      .select([
        'devices.id',
        'devices.sn',
        'devices.alias',
        'devices.model_code',
        'devices.rated_power_kw',
        'devices.status',
        'devices.last_seen_at',
        'dataloggers.sn as datalogger_sn',
        'dataloggers.plant_id',
        'plants.name as plant_name',
        'plants.time_zone as plant_time_zone',
        ...PLANT_ACCESS_COLUMNS,
        sql<number>`CASE WHEN devices.status <> 'offline'
          THEN COALESCE(${lastValue('pac_w')}, 0) ELSE 0 END`.as('power_w'),
        inverterTodayKwh().as('today_kwh'),
      ])
      .orderBy(sql.ref(SORT_COLUMNS[query.sort]), (ob) =>
        query.order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
      )
      .orderBy('devices.id', query.order)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { infos: rows.map((row) => presentInverterListItem(auth, row)), total: Number(total) };
  }

  async count(auth: AuthContext, query: CountQuery) {
    const rows = await this.visible(auth, query)
      .select(['devices.status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('devices.status')
      .execute();
    const byStatus = Object.fromEntries(DEVICE_STATUSES.map((status) => [status, 0])) as Record<
      DeviceStatus,
      number
    >;
    for (const row of rows) byStatus[row.status] = Number(row.count);
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    return { total, byStatus };
  }

  /** The inverter when the caller sees it, else 600 (unknown and invisible answer alike). */
  private async find(auth: AuthContext, sn: string): Promise<VisibleDevice> {
    const found = await findVisibleDevice(this.db, auth, sn);
    if (!found || found.device.kind !== 'inverter') throw new AppError(ErrorCode.inverterNotFound);
    return found;
  }

  /** As `find`, and code 2 when the caller may only read the inverter's plant. */
  private async findManaged(auth: AuthContext, sn: string): Promise<VisibleDevice> {
    const found = await this.find(auth, sn);
    if (found.level !== 'manage') throw new AppError(ErrorCode.noPermission);
    return found;
  }

  async rename(auth: AuthContext, sn: string, alias: string): Promise<void> {
    const { device } = await this.findManaged(auth, sn);
    await this.db
      .updateTable('devices')
      .set({ alias: alias === '' ? null : alias })
      .where('id', '=', device.id)
      .execute();
  }

  /** Sets (or, with null, clears back to the plant's share) the DC peak power behind the inverter. */
  async setDcPeak(auth: AuthContext, sn: string, dcPeakKw: number | null): Promise<void> {
    const { device } = await this.findManaged(auth, sn);
    await this.db
      .updateTable('devices')
      .set({ dc_peak_kw: dcPeakKw })
      .where('id', '=', device.id)
      .execute();
  }

  /**
   * Removes the inverter and its history (samples, rollups and events; the tables without a
   * foreign key are cleared here, the others cascade). A datalogger that still reports it
   * registers it again with its next record, as a new device without history: deleting is for
   * replaced hardware, unbinding the datalogger stops the data.
   */
  async remove(auth: AuthContext, sn: string): Promise<void> {
    const { device } = await this.findManaged(auth, sn);
    await retryingTransaction(this.db, async (trx) => {
      // The row first: it waits for an ingestion batch that references it (its rollups hold a
      // key-share lock) and turns later ones away, so no sample of it is committed after the
      // samples are cleared.
      await trx.deleteFrom('devices').where('id', '=', device.id).execute();
      await trx.deleteFrom('samples').where('device_id', '=', device.id).execute();
    });
  }

  async detail(auth: AuthContext, sn: string) {
    const found = await this.find(auth, sn);
    const timeZone = dayTimeZone(found.device.plant_time_zone);
    const today = localDate(timeZone);
    const row = await this.db
      .selectFrom('devices')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .leftJoin('energy_daily', (join) =>
        join.onRef('energy_daily.device_id', '=', 'devices.id').on('energy_daily.day', '=', today),
      )
      .select(inverterTodayKwh().as('today_kwh'))
      .where('devices.id', '=', found.device.id)
      .executeTakeFirstOrThrow();
    const dcPeakKw =
      found.device.plant_id === null
        ? nullableNumber(found.device.dc_peak_kw)
        : ((await plantDcPeaksKw(this.db, found.device.plant_id)).get(found.device.id) ?? null);
    return presentInverterDetail(found, {
      timeZone,
      today,
      todayKwh: Number(row.today_kwh),
      dcPeakKw,
    });
  }

  private async day(auth: AuthContext, sn: string, date: string, keys: readonly string[] | null) {
    const { device } = await this.find(auth, sn);
    const timeZone = dayTimeZone(device.plant_time_zone);
    return readLocalDay(timeZone, date, (bounds) =>
      inverterDaySeries(this.db, { id: device.id, plantId: device.plant_id }, bounds, keys),
    );
  }

  dayCurves(auth: AuthContext, sn: string, date: string) {
    return this.day(auth, sn, date, null);
  }

  chartDay(auth: AuthContext, sn: string, query: ChartDayQuery) {
    return this.day(auth, sn, query.date, query.params);
  }

  async dayCsv(auth: AuthContext, sn: string, date: string, locale: Locale) {
    const day = await this.day(auth, sn, date, null);
    return { fileName: `${sn}_${date}.csv`, csv: dayCsv(day.series, day.timeZone, locale) };
  }

  /**
   * The custom chart's parameters: for an inverter, the strings and phases its model has or it
   * reported (whichever is more), and the plant's meter and battery series when it has those
   * devices; without `sn`, those of the largest model.
   */
  async chartParameters(auth: AuthContext, sn: string | undefined) {
    let strings = 2;
    let phases = MAX_PHASES;
    let extras: string[] = [
      'meter_p_grid_w',
      'load_p_load_w',
      'battery_p_bat_w',
      'battery_soc_pct',
    ];
    if (sn !== undefined) {
      const { device } = await this.find(auth, sn);
      const model = inverterModelOf(device.model_code);
      const values = (device.last_values ?? {}) as Record<string, unknown>;
      const reported = (key: string) => (Array.isArray(values[key]) ? values[key].length : 0);
      strings = Math.max(model?.mpptCount ?? 0, reported('pv'), 1);
      phases = Math.max(model?.phases ?? 0, reported('ac'), 1);
      extras = [];
      if (device.plant_id !== null) {
        const kinds = await this.db
          .selectFrom('devices')
          .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
          .select('devices.kind')
          .distinct()
          .where('dataloggers.plant_id', '=', device.plant_id)
          .execute();
        const has = (kind: string) => kinds.some((row) => row.kind === kind);
        if (has('meter')) extras.push('meter_p_grid_w', 'load_p_load_w');
        if (has('battery')) extras.push('battery_p_bat_w', 'battery_soc_pct');
      }
      if (model?.topology === 'hybrid' || typeof values.eps_p_w === 'number')
        extras.push('eps_p_w');
    } else {
      strings = 6;
      extras.push('eps_p_w');
    }
    const keys = [
      'pac_w',
      'e_day_kwh',
      'e_total_kwh',
      'freq_hz',
      'pf',
      'temp_c',
      ...Array.from({ length: strings }, (_, i) => [
        `pv${i + 1}_v`,
        `pv${i + 1}_i`,
        `pv${i + 1}_p`,
      ]).flat(),
      ...Array.from({ length: phases }, (_, i) => [
        `ac${i + 1}_v`,
        `ac${i + 1}_i`,
        `ac${i + 1}_p`,
      ]).flat(),
      ...extras,
    ];
    const parameters = keys
      .map((key) => describeParameter(key))
      .filter((info): info is ParameterInfo => info !== null)
      .sort(compareParameters)
      .map(({ key, group, unit }) => ({ key, group, unit }));
    return {
      parameters,
      maxParameters: CHART_SELECTION_RULES.custom.maxParameters,
      maxUnits: CHART_SELECTION_RULES.custom.maxUnits,
    };
  }
}
