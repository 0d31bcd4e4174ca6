import {
  ABNORMAL_EVENT_WINDOW_MS,
  dayBounds,
  environmentalSavings,
  ErrorCode,
  localDate,
  type Locale,
  type ParsedQuery,
  type plantEvents,
  rounded,
  roundTo,
} from '@solar/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Database } from '../db/schema.js';
import { readMeterSettings } from '../devices/meter-settings.js';
import { AppError } from '../errors/app-error.js';
import { accessLevelOf, type PlantAccessFacts } from '../plants/plant-access.js';
import { plantSummary } from '../plants/plant-summary.js';
import {
  currencyOf,
  storedGenerationTiers,
  storedPriceSegments,
} from '../plants/plants.presenter.js';
import {
  type EventRow,
  type FlowDevice,
  presentEnergyFlow,
  presentEvent,
} from './overview.presenter.js';
import {
  bucketEnergyKwh,
  meanSegmentPrice,
  meterPricedSegments,
  segmentPriceAt,
  tieredIncome,
} from './income.js';
import { gapEnergyByLocalMinute } from '../plants/gap-energy.js';
import {
  addDays,
  addMonths,
  daysBetween,
  type Granularity,
  monthStart,
  periodOf,
  periodsBetween,
  yearStart,
} from '../plants/plant-calendar.js';
import {
  dailyGeneration,
  energyByLocalMinute,
  firstGenerationDay,
  periodTotals,
  type PeriodTotals,
  deviceIdsByKind,
  type PlantDeviceIds,
  plantDevices,
} from '../plants/plant-energy.js';

type LoadedPlant = Awaited<ReturnType<OverviewService['loadPlant']>>;

/** Everything an overview call needs about one readable plant. */
interface PlantContext {
  plant: LoadedPlant['plant'];
  devices: PlantDeviceIds;
  today: string;
  /** Today's generation not yet in the daily rollup (the inverters' own day counters). */
  todayPendingKwh: number;
}

function contextOf(plant: LoadedPlant['plant'], devices: LoadedPlant['devices']): PlantContext {
  return {
    plant,
    devices: deviceIdsByKind(devices),
    today: localDate(plant.time_zone),
    todayPendingKwh: Math.max(0, (plant.today_kwh ?? 0) - (plant.today_rollup_kwh ?? 0)),
  };
}

type PlantEventsQuery = ParsedQuery<typeof plantEvents>;

interface PeriodPoint extends PeriodTotals {
  period: string;
}

/** The devices of the energy flow: the inverters, the batteries and the (master) meter. */
function flowDeviceIds(ctx: PlantContext): number[] {
  return [...ctx.devices.inverter, ...ctx.devices.meter, ...ctx.devices.battery];
}

/** The energy flow of the plant's devices already read (`energyFlow` reads them itself). */
export function energyFlowOf(ctx: PlantContext, devices: readonly (FlowDevice & { id: number })[]) {
  const ids = new Set(flowDeviceIds(ctx));
  return presentEnergyFlow(devices.filter((device) => ids.has(device.id)));
}

/** Trees are a count shown with at most two decimals. */
const TREE_DECIMALS = 2;

/** The savings of a lifetime generation (`plantEnvironmental`), at their stored precision. */
export function environmentalOf(generationKwh: number) {
  const savings = environmentalSavings(generationKwh);
  return {
    generationKwh: rounded.kWh(generationKwh),
    co2Kg: rounded.kg(savings.co2Kg),
    standardCoalKg: rounded.kg(savings.standardCoalKg),
    trees: roundTo(savings.trees, TREE_DECIMALS),
  };
}

/** The plant's cumulative generation offset: its generation before monitoring began. */
function offsetKwhOf(ctx: PlantContext): number {
  return Number(ctx.plant.generation_offset_kwh);
}

/** The share role of `userId` on the plant, none when no caller is asked about. */
function shareRoleOf(eb: ExpressionBuilder<Database, 'plants'>, userId: number | null) {
  if (userId === null) return sql<PlantAccessFacts['role']>`NULL`.as('share_role');
  return eb
    .selectFrom('plant_shares')
    .select('plant_shares.role')
    .whereRef('plant_shares.plant_id', '=', 'plants.id')
    .where('plant_shares.user_id', '=', userId)
    .$asScalar()
    .as('share_role');
}

const EMPTY_TOTALS: PeriodTotals = { energyKwh: 0, importKwh: 0, exportKwh: 0 };
const MAX_REPORT_DAYS = 366;
const MAX_REPORT_MONTHS = 120;

export class OverviewService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * The plant with its summary, its devices and the share role of `userId` (if any), in one
   * statement: the overview's calls are many and small, so each round trip counts.
   */
  private async loadPlant(plantId: number, userId: number | null) {
    const row = await this.db
      .selectFrom('plants')
      .leftJoinLateral(plantSummary, (join) => join.onTrue())
      .selectAll('plants')
      .select([
        'summary.status',
        'summary.power_w',
        'summary.today_kwh',
        'summary.today_rollup_kwh',
        'summary.last_seen_at',
      ])
      .select((eb) => shareRoleOf(eb, userId))
      .select((eb) => jsonArrayFrom(plantDevices(this.db, eb.ref('plants.id'))).as('devices'))
      .where('plants.id', '=', plantId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.plantNotFound);
    const { devices, share_role, ...plant } = row;
    return { plant, devices, shareRole: share_role };
  }

  /** The context of a plant the caller may read; 700 when it is not visible to the caller. */
  async context(auth: AuthContext, plantId: number): Promise<PlantContext> {
    const { plant, devices, shareRole } = await this.loadPlant(plantId, auth.userId);
    if (accessLevelOf(auth, { ...plant, role: shareRole }) === null) {
      throw new AppError(ErrorCode.plantNotFound);
    }
    return contextOf(plant, devices);
  }

  /** The context of a plant the caller's query already found among the visible ones. */
  async visibleContext(plantId: number): Promise<PlantContext> {
    const { plant, devices } = await this.loadPlant(plantId, null);
    return contextOf(plant, devices);
  }

  async realtime(ctx: PlantContext) {
    const { plant, today } = ctx;
    const sums = await this.generationSums(ctx, monthStart(today), yearStart(today));
    return {
      powerW: plant.power_w ?? 0,
      todayKwh: rounded.kWh(plant.today_kwh ?? 0),
      monthKwh: rounded.kWh(sums.month + ctx.todayPendingKwh),
      yearKwh: rounded.kWh(sums.year + ctx.todayPendingKwh),
      totalKwh: rounded.kWh(sums.total + ctx.todayPendingKwh + offsetKwhOf(ctx)),
      capacityKwp: Number(plant.capacity_kwp),
      status: plant.status ?? 'offline',
      lastUpdate: plant.last_seen_at ? new Date(plant.last_seen_at).toISOString() : null,
      localDate: today,
      timeZone: plant.time_zone,
    };
  }

  private async generationSums(ctx: PlantContext, month: string, year: string) {
    if (ctx.devices.inverter.length === 0) return { month: 0, year: 0, total: 0 };
    const result = await sql<{ month: number | null; year: number | null; total: number | null }>`
      SELECT SUM(energy_kwh) FILTER (WHERE day >= ${month}::date) AS month,
        SUM(energy_kwh) FILTER (WHERE day >= ${year}::date) AS year,
        SUM(energy_kwh) AS total
      FROM energy_daily WHERE device_id = ANY(${ctx.devices.inverter})`.execute(this.db);
    const row = result.rows[0];
    return { month: row?.month ?? 0, year: row?.year ?? 0, total: row?.total ?? 0 };
  }

  /** Lifetime generation: all rollups, today's pending part and the plant's offset. */
  async totalGeneration(ctx: PlantContext): Promise<number> {
    const sums = await this.generationSums(ctx, ctx.today, ctx.today);
    return rounded.kWh(sums.total + ctx.todayPendingKwh + offsetKwhOf(ctx));
  }

  /** `plantEnergyTotal`: the lifetime generation and its part before monitoring. */
  async energyTotal(ctx: PlantContext) {
    return {
      energyKwh: await this.totalGeneration(ctx),
      beforeMonitoringKwh: rounded.kWh(offsetKwhOf(ctx)),
    };
  }

  /** Five-minute points of the plant-local day; 276, 288 or 300 of them depending on DST. */
  async powerCurve(ctx: PlantContext, date: string) {
    const { devices } = ctx;
    const timeZone = ctx.plant.time_zone;
    const ids = devices.all.length > 0 ? devices.all : [0];
    const rows = await sql<{
      bucket: Date;
      local_time: string;
      pv: number | null;
      grid: number | null;
      battery: number | null;
    }>`
      WITH day AS (
        SELECT (${date}::date)::timestamp AT TIME ZONE ${timeZone} AS starts,
          ((${date}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS ends
      ), slots AS (
        SELECT generate_series(day.starts, day.ends - interval '5 minutes', interval '5 minutes')
          AS bucket FROM day
      ), measured AS (
        SELECT p.bucket,
          SUM(p.power_w) FILTER (WHERE p.device_id = ANY(${devices.inverter})) AS pv,
          SUM(p.power_w) FILTER (WHERE p.device_id = ANY(${devices.meter})) AS grid,
          SUM(p.power_w) FILTER (WHERE p.device_id = ANY(${devices.battery})) AS battery
        FROM power_5min p, day
        WHERE p.device_id = ANY(${ids}) AND p.bucket >= day.starts AND p.bucket < day.ends
        GROUP BY p.bucket
      )
      SELECT slots.bucket, to_char(slots.bucket AT TIME ZONE ${timeZone}, 'HH24:MI') AS local_time,
        measured.pv, measured.grid, measured.battery
      FROM slots LEFT JOIN measured ON measured.bucket = slots.bucket
      ORDER BY slots.bucket`.execute(this.db);
    const points = rows.rows.map((row) => {
      const measured = [row.pv, row.grid, row.battery].filter((value) => value !== null);
      return {
        time: new Date(row.bucket).toISOString(),
        localTime: row.local_time,
        pvW: row.pv,
        gridW: row.grid,
        batteryW: row.battery,
        loadW: measured.length === 0 ? null : measured.reduce((sum, value) => sum + value, 0),
      };
    });
    return { date, timeZone, points };
  }

  /** Period totals with today's pending generation added to the period holding today. */
  private async periodPoints(
    ctx: PlantContext,
    granularity: Granularity,
    from: string,
    toExclusive: string,
  ): Promise<PeriodPoint[]> {
    const totals = await periodTotals(this.db, ctx.devices, granularity, from, toExclusive);
    const todayPeriod =
      ctx.today >= from && ctx.today < toExclusive ? periodOf(ctx.today, granularity) : null;
    return periodsBetween(from, toExclusive, granularity).map((period) => {
      const total = totals.get(period) ?? EMPTY_TOTALS;
      const pending = period === todayPeriod ? ctx.todayPendingKwh : 0;
      return { period, ...total, energyKwh: total.energyKwh + pending };
    });
  }

  /** [from, toExclusive) of a series: the days of a month, the months of a year, or all years. */
  async seriesRange(ctx: PlantContext, granularity: Granularity, key?: string) {
    if (granularity === 'day') {
      const from = `${key}-01`;
      return { from, toExclusive: addMonths(from, 1) };
    }
    if (granularity === 'month') {
      return { from: `${key}-01-01`, toExclusive: `${Number(key) + 1}-01-01` };
    }
    const first = (await firstGenerationDay(this.db, ctx.devices)) ?? ctx.today;
    return {
      from: yearStart(first < ctx.today ? first : ctx.today),
      toExclusive: addDays(ctx.today, 1),
    };
  }

  async energySeries(ctx: PlantContext, granularity: Granularity, key?: string) {
    const { from, toExclusive } = await this.seriesRange(ctx, granularity, key);
    const points = await this.periodPoints(ctx, granularity, from, toExclusive);
    return {
      points: points.map(({ period, energyKwh }) => ({
        period,
        energyKwh: rounded.kWh(energyKwh),
      })),
    };
  }

  /** Every year's generation and, as its own part, the generation before monitoring. */
  async energyByYear(ctx: PlantContext) {
    const series = await this.energySeries(ctx, 'year');
    return { beforeMonitoringKwh: rounded.kWh(offsetKwhOf(ctx)), ...series };
  }

  async incomeSeries(ctx: PlantContext, granularity: Granularity, key?: string) {
    const { from, toExclusive } = await this.seriesRange(ctx, granularity, key);
    const points = await this.periodPoints(ctx, granularity, from, toExclusive);
    const incomes = await this.incomes(ctx, granularity, from, toExclusive, points);
    const currency = currencyOf(ctx.plant.currency);
    return {
      currency,
      points: points.map(({ period, energyKwh }) => ({
        period,
        energyKwh: rounded.kWh(energyKwh),
        income: rounded.money(incomes.get(period) ?? 0, currency),
      })),
    };
  }

  /** Every year's income and, as its own part, the generation before monitoring valued. */
  async incomeByYear(ctx: PlantContext) {
    const series = await this.incomeSeries(ctx, 'year');
    const monitored = {
      energyKwh: series.points.reduce((sum, point) => sum + point.energyKwh, 0),
      income: series.points.reduce((sum, point) => sum + point.income, 0),
    };
    const offsetKwh = offsetKwhOf(ctx);
    const income = await this.beforeMonitoringIncome(ctx, offsetKwh, monitored);
    return {
      ...series,
      beforeMonitoring: {
        energyKwh: rounded.kWh(offsetKwh),
        income: rounded.money(income, series.currency),
      },
    };
  }

  /** Lifetime energy and income: every year's plus the part before monitoring. */
  async incomeTotal(ctx: PlantContext) {
    const { currency, points, beforeMonitoring } = await this.incomeByYear(ctx);
    const sum = (pick: (part: { energyKwh: number; income: number }) => number) =>
      points.reduce((total, point) => total + pick(point), pick(beforeMonitoring));
    return {
      currency,
      energyKwh: rounded.kWh(sum((part) => part.energyKwh)),
      income: rounded.money(
        sum((part) => part.income),
        currency,
      ),
      beforeMonitoring,
    };
  }

  /**
   * The generation before monitoring valued at the plant's price: the constant price; the
   * generation tiers from 0 kWh; for time of use the average price the monitored generation
   * earned (the offset has no time of day), or the segments' mean over the day before any.
   * A negative offset (a correction) takes away at the same price.
   */
  private async beforeMonitoringIncome(
    ctx: PlantContext,
    offsetKwh: number,
    monitored: { energyKwh: number; income: number },
  ): Promise<number> {
    const { plant } = ctx;
    switch (plant.valuation_method) {
      case 'constant':
        return offsetKwh * Number(plant.constant_price);
      case 'generation': {
        const tiers = storedGenerationTiers(plant.generation_tiers);
        return Math.sign(offsetKwh) * tieredIncome(tiers, 0, Math.abs(offsetKwh));
      }
      case 'time_of_use':
        return monitored.energyKwh > 0
          ? (offsetKwh * monitored.income) / monitored.energyKwh
          : offsetKwh * meanSegmentPrice(await this.timeOfUseSegments(ctx));
    }
  }

  /** The plant's time-of-use segments at the prices they are valued at. */
  private async timeOfUseSegments(ctx: PlantContext) {
    const meter =
      ctx.devices.masterMeter === null
        ? null
        : await readMeterSettings(this.db, ctx.devices.masterMeter);
    return meterPricedSegments(storedPriceSegments(ctx.plant.tou_segments), meter);
  }

  /** Income per period label by the plant's valuation method. */
  private async incomes(
    ctx: PlantContext,
    granularity: Granularity,
    from: string,
    toExclusive: string,
    points: PeriodPoint[],
  ): Promise<Map<string, number>> {
    const { plant } = ctx;
    switch (plant.valuation_method) {
      case 'constant': {
        const price = Number(plant.constant_price);
        return new Map(points.map((point) => [point.period, point.energyKwh * price]));
      }
      case 'time_of_use':
        return this.timeOfUseIncomes(ctx, granularity, from, toExclusive);
      case 'generation':
        return this.tieredIncomes(ctx, granularity, from, toExclusive);
    }
  }

  /**
   * Each 5-minute bucket's energy priced by the segment of its plant-local start: the power
   * curve's where the inverters reported, the counters' steps across outages elsewhere.
   */
  private async timeOfUseIncomes(
    ctx: PlantContext,
    granularity: Granularity,
    from: string,
    toExclusive: string,
  ): Promise<Map<string, number>> {
    const args = [
      this.db,
      ctx.devices,
      ctx.plant.time_zone,
      granularity,
      from,
      toExclusive,
    ] as const;
    const [segments, curve, gaps] = await Promise.all([
      this.timeOfUseSegments(ctx),
      energyByLocalMinute(...args),
      gapEnergyByLocalMinute(...args),
    ]);
    const buckets = [
      ...curve.map((row) => ({ ...row, energyKwh: bucketEnergyKwh(row.powerW) })),
      ...gaps,
    ];
    const incomes = new Map<string, number>();
    for (const bucket of buckets) {
      const income = bucket.energyKwh * segmentPriceAt(segments, bucket.minute);
      incomes.set(bucket.period, (incomes.get(bucket.period) ?? 0) + income);
    }
    return incomes;
  }

  /** Walks every day from the first, so each kWh is priced by its lifetime position. */
  private async tieredIncomes(
    ctx: PlantContext,
    granularity: Granularity,
    from: string,
    toExclusive: string,
  ): Promise<Map<string, number>> {
    const tiers = storedGenerationTiers(ctx.plant.generation_tiers);
    const days = await dailyGeneration(this.db, ctx.devices, toExclusive);
    if (ctx.today >= from && ctx.today < toExclusive && ctx.todayPendingKwh > 0) {
      const today = days.find((day) => day.day === ctx.today);
      if (today) today.energyKwh += ctx.todayPendingKwh;
      else days.push({ day: ctx.today, energyKwh: ctx.todayPendingKwh });
    }
    const incomes = new Map<string, number>();
    let cumulative = Math.max(0, Number(ctx.plant.generation_offset_kwh));
    for (const { day, energyKwh } of days) {
      const income = tieredIncome(tiers, cumulative, energyKwh);
      cumulative += Math.max(0, energyKwh);
      if (day < from) continue;
      const period = periodOf(day, granularity);
      incomes.set(period, (incomes.get(period) ?? 0) + income);
    }
    return incomes;
  }

  async environmental(ctx: PlantContext) {
    return environmentalOf(await this.totalGeneration(ctx));
  }

  async inverterCount(ctx: PlantContext) {
    if (ctx.devices.inverter.length === 0) return { total: 0, online: 0, offline: 0, fault: 0 };
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`COUNT(*) FILTER (WHERE status = 'offline')`.as('offline'),
        sql<number>`COUNT(*) FILTER (WHERE status = 'fault')`.as('fault'),
      ])
      .where('id', 'in', ctx.devices.inverter)
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const offline = Number(row.offline);
    return { total, online: total - offline, offline, fault: Number(row.fault) };
  }

  async eventCount(ctx: PlantContext) {
    const { open, abnormalLastHour } = await this.eventFigures(ctx);
    return { open, abnormalLastHour };
  }

  /** The event counts and the latest start or end of an event (ISO 8601), in one query. */
  async eventFigures(ctx: PlantContext) {
    if (ctx.devices.all.length === 0) return { open: 0, abnormalLastHour: 0, lastChange: null };
    const since = new Date(Date.now() - ABNORMAL_EVENT_WINDOW_MS);
    const row = await this.db
      .selectFrom('events')
      .select([
        sql<number>`COUNT(*) FILTER (WHERE ended_at IS NULL)`.as('open'),
        sql<number>`COUNT(*) FILTER (WHERE started_at >= ${since})`.as('recent'),
        sql<Date | null>`MAX(GREATEST(started_at, ended_at))`.as('changed'),
      ])
      .where('device_id', 'in', ctx.devices.all)
      .executeTakeFirstOrThrow();
    return {
      open: Number(row.open),
      abnormalLastHour: Number(row.recent),
      lastChange: row.changed ? new Date(row.changed).toISOString() : null,
    };
  }

  async events(ctx: PlantContext, query: PlantEventsQuery, locale: Locale) {
    if (ctx.devices.all.length === 0) return { infos: [], total: 0 };
    const timeZone = ctx.plant.time_zone;
    let filtered = this.db
      .selectFrom('events')
      .innerJoin('devices', 'devices.id', 'events.device_id')
      .leftJoin('event_descriptors', 'event_descriptors.code', 'events.code')
      .where('events.device_id', 'in', ctx.devices.all);
    if (query.level !== undefined) filtered = filtered.where('events.level', '=', query.level);
    if (query.status === 'open') filtered = filtered.where('events.ended_at', 'is', null);
    if (query.status === 'closed') filtered = filtered.where('events.ended_at', 'is not', null);
    if (query.date) {
      const day = dayBounds(timeZone, query.date);
      filtered = filtered
        .where('events.started_at', '>=', day.from)
        .where('events.started_at', '<', day.to);
    }
    const { total } = await filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows: EventRow[] = await filtered
      .select([
        'events.id',
        'events.code',
        'events.level',
        'events.started_at',
        'events.ended_at',
        'devices.sn',
        'devices.kind',
        'event_descriptors.texts',
      ])
      .orderBy('events.started_at', 'desc')
      .orderBy('events.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { infos: rows.map((row) => presentEvent(row, locale)), total: Number(total) };
  }

  /** The flow of the inverters, the batteries and the master meter (section 1). */
  async energyFlow(ctx: PlantContext) {
    const ids = flowDeviceIds(ctx);
    const devices =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('devices')
            .select(['kind', 'status', 'last_values'])
            .where('id', 'in', ids)
            .execute();
    return presentEnergyFlow(devices);
  }

  /** [from, toExclusive) of the period holding `date`; both null for the whole lifetime. */
  periodRange(range: 'day' | 'month' | 'year' | 'total', date: string) {
    switch (range) {
      case 'day':
        return { from: date, toExclusive: addDays(date, 1) };
      case 'month':
        return { from: monthStart(date), toExclusive: addMonths(monthStart(date), 1) };
      case 'year':
        return { from: yearStart(date), toExclusive: addMonths(yearStart(date), 12) };
      case 'total':
        return { from: null, toExclusive: null };
    }
  }

  async generationUse(ctx: PlantContext, range: 'day' | 'month' | 'year' | 'total', date?: string) {
    const { from, toExclusive } = this.periodRange(range, date ?? ctx.today);
    const totals = await periodTotals(this.db, ctx.devices, 'year', from, toExclusive);
    const sum = [...totals.values()].reduce(
      (acc, t) => ({
        energyKwh: acc.energyKwh + t.energyKwh,
        importKwh: acc.importKwh + t.importKwh,
        exportKwh: acc.exportKwh + t.exportKwh,
      }),
      EMPTY_TOTALS,
    );
    const includesToday =
      (from === null || ctx.today >= from) && (toExclusive === null || ctx.today < toExclusive);
    const generationKwh = sum.energyKwh + (includesToday ? ctx.todayPendingKwh : 0);
    const hasMeter = ctx.devices.meter.length > 0;
    const exportKwh = hasMeter ? sum.exportKwh : 0;
    const selfConsumptionKwh = hasMeter ? Math.max(0, generationKwh - exportKwh) : generationKwh;
    return {
      generationKwh: rounded.kWh(generationKwh),
      selfConsumptionKwh: rounded.kWh(selfConsumptionKwh),
      exportKwh: rounded.kWh(exportKwh),
      importKwh: rounded.kWh(sum.importKwh),
      selfConsumptionRatio:
        generationKwh > 0 ? Math.min(1, selfConsumptionKwh / generationKwh) : null,
      hasMeter,
    };
  }

  /** Report rows per day (at most 366) or per month (at most 120) of [from, to]. */
  async report(ctx: PlantContext, granularity: 'day' | 'month', from: string, to: string) {
    const toExclusive = addDays(to, 1);
    const isTooLong =
      granularity === 'day'
        ? daysBetween(from, toExclusive) > MAX_REPORT_DAYS
        : periodsBetween(from, toExclusive, 'month').length > MAX_REPORT_MONTHS;
    if (isTooLong) {
      throw new AppError(ErrorCode.validation, 'The report range is too long', {
        fields: [{ field: 'to', message: 'validation.date' }],
      });
    }
    const points = await this.periodPoints(ctx, granularity, from, toExclusive);
    const incomes = await this.incomes(ctx, granularity, from, toExclusive, points);
    const currency = currencyOf(ctx.plant.currency);
    return {
      plantId: ctx.plant.id,
      plantName: ctx.plant.name,
      currency,
      rows: points.map((point) => ({
        period: point.period,
        energyKwh: rounded.kWh(point.energyKwh),
        income: rounded.money(incomes.get(point.period) ?? 0, currency),
        importKwh: rounded.kWh(point.importKwh),
        exportKwh: rounded.kWh(point.exportKwh),
      })),
    };
  }
}
