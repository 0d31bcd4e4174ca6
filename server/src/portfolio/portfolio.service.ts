import {
  environmentalSavings,
  eventLevelLetter,
  PLANT_STATUSES,
  type PlantStatus,
  type PortfolioPlant,
  rounded,
} from '@solar/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Database } from '../db/schema.js';
import { OverviewService } from '../overview/overview.service.js';
import { visiblePlants } from '../plants/plant-access.js';
import { localToday, plantSummary } from '../plants/plant-summary.js';

const HOURS_PER_DAY = 24;
const BUCKETS_PER_HOUR = 12;

interface EnergyRow {
  plant_id: number;
  month_kwh: number;
  year_kwh: number;
  total_kwh: number;
}

interface HourRow {
  plant_id: number;
  hour: number;
  power_w: number;
}

/** No filter for the fleet; the one plant otherwise. */
function onlyPlant(plantId: number | undefined) {
  return (eb: ExpressionBuilder<Database, 'plants'>) =>
    plantId === undefined ? eb.lit(true) : eb('plants.id', '=', plantId);
}

/** Today's energy the daily rollup does not hold yet. */
function pendingKwh(row: { today_kwh: number | null; today_rollup_kwh: number | null }): number {
  return Math.max(0, (row.today_kwh ?? 0) - (row.today_rollup_kwh ?? 0));
}

function perKwp(kwh: number, capacityKwp: number): number | null {
  return capacityKwp > 0 ? kwh / capacityKwp : null;
}

/**
 * The fleet at a glance, in one answer: every visible plant with its figures of now, today and
 * this month from the rollups (plant summary, daily energy, five-minute power), totals, counts
 * by status and open alarms by level.
 */
export class PortfolioService {
  private readonly overview: OverviewService;

  constructor(private readonly deps: AppDeps) {
    this.overview = new OverviewService(deps);
  }

  private get db() {
    return this.deps.db;
  }

  private plants(auth: AuthContext, plantId: number | undefined) {
    return this.db
      .selectFrom('plants')
      .leftJoinLateral(plantSummary, (join) => join.onTrue())
      .where((eb) => visiblePlants(auth)(eb))
      .where(onlyPlant(plantId))
      .select([
        'plants.id',
        'plants.name',
        'plants.capacity_kwp',
        'plants.picture_url',
        'plants.time_zone',
        'plants.latitude',
        'plants.longitude',
        'plants.currency',
        'plants.generation_offset_kwh',
        'summary.status',
        'summary.power_w',
        'summary.today_kwh',
        'summary.today_rollup_kwh',
      ])
      .orderBy('plants.name')
      .orderBy('plants.id')
      .execute();
  }

  /** This month's, this year's and all days' inverter energy per plant (plant-local). */
  private async energy(plantIds: number[]): Promise<Map<number, EnergyRow>> {
    const result = await sql<EnergyRow>`
      SELECT dataloggers.plant_id,
        COALESCE(SUM(energy_daily.energy_kwh) FILTER (
          WHERE energy_daily.day >= date_trunc('month', ${localToday()})::date), 0) AS month_kwh,
        COALESCE(SUM(energy_daily.energy_kwh) FILTER (
          WHERE energy_daily.day >= date_trunc('year', ${localToday()})::date), 0) AS year_kwh,
        COALESCE(SUM(energy_daily.energy_kwh), 0) AS total_kwh
      FROM energy_daily
      JOIN devices ON devices.id = energy_daily.device_id AND devices.kind = 'inverter'
      JOIN dataloggers ON dataloggers.id = devices.datalogger_id
      JOIN plants ON plants.id = dataloggers.plant_id
      WHERE dataloggers.plant_id = ANY(${plantIds})
      GROUP BY dataloggers.plant_id`.execute(this.db);
    return new Map(result.rows.map((row) => [row.plant_id, row]));
  }

  /** Mean inverter power of each plant-local hour of today, for the sparklines. */
  private async hourlyPower(plantIds: number[]): Promise<Map<number, number[]>> {
    const result = await sql<HourRow>`
      SELECT dataloggers.plant_id,
        EXTRACT(HOUR FROM power_5min.bucket AT TIME ZONE plants.time_zone)::int AS hour,
        SUM(power_5min.power_w) / ${BUCKETS_PER_HOUR} AS power_w
      FROM power_5min
      JOIN devices ON devices.id = power_5min.device_id AND devices.kind = 'inverter'
      JOIN dataloggers ON dataloggers.id = devices.datalogger_id
      JOIN plants ON plants.id = dataloggers.plant_id
      WHERE dataloggers.plant_id = ANY(${plantIds})
        AND power_5min.bucket >= (${localToday()}::timestamp AT TIME ZONE plants.time_zone)
      GROUP BY 1, 2`.execute(this.db);
    const hours = new Map<number, number[]>();
    for (const row of result.rows) {
      const series = hours.get(row.plant_id) ?? [];
      series[row.hour] = Math.round(row.power_w);
      hours.set(row.plant_id, series);
    }
    return hours;
  }

  private async openAlarms(auth: AuthContext, plantId: number | undefined) {
    const rows = await this.db
      .selectFrom('events')
      .innerJoin('devices', 'devices.id', 'events.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .where((eb) => visiblePlants(auth)(eb))
      .where(onlyPlant(plantId))
      .where('events.ended_at', 'is', null)
      .select(['events.level', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('events.level')
      .execute();
    const alarms = { P: 0, W: 0, F: 0 };
    for (const row of rows) alarms[eventLevelLetter(row.level)] += Number(row.count);
    return alarms;
  }

  /** Lifetime income per currency of plants already found visible, each by its own valuation. */
  private async incomes(plantIds: number[]) {
    const byCurrency = new Map<string, number>();
    for (const plantId of plantIds) {
      const total = await this.overview.incomeTotal(await this.overview.visibleContext(plantId));
      byCurrency.set(total.currency, (byCurrency.get(total.currency) ?? 0) + total.income);
    }
    return [...byCurrency].map(([currency, amount]) => ({
      currency,
      amount: rounded.money(amount, currency),
    }));
  }

  /** The fleet the caller sees, or only the plant `plantId` of it (for the wall screen). */
  async portfolio(auth: AuthContext, plantId?: number) {
    const rows = await this.plants(auth, plantId);
    const ids = rows.map((row) => row.id);
    const [energy, hourly, openAlarms, incomes] = await Promise.all([
      this.energy(ids),
      this.hourlyPower(ids),
      this.openAlarms(auth, plantId),
      this.incomes(ids),
    ]);
    const statusCounts = Object.fromEntries(PLANT_STATUSES.map((status) => [status, 0])) as Record<
      PlantStatus,
      number
    >;
    const plants: PortfolioPlant[] = rows.map((row) => {
      const capacityKwp = Number(row.capacity_kwp);
      const todayKwh = row.today_kwh ?? 0;
      const monthKwh = (energy.get(row.id)?.month_kwh ?? 0) + pendingKwh(row);
      const status = row.status ?? 'offline';
      statusCounts[status] += 1;
      const hours = hourly.get(row.id) ?? [];
      return {
        id: row.id,
        name: row.name,
        status,
        capacityKwp,
        pictureUrl: row.picture_url,
        timeZone: row.time_zone,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
        powerW: row.power_w ?? 0,
        todayKwh: rounded.kWh(todayKwh),
        monthKwh: rounded.kWh(monthKwh),
        todayYield: perKwp(todayKwh, capacityKwp),
        monthYield: perKwp(monthKwh, capacityKwp),
        hourlyPowerW: Array.from({ length: HOURS_PER_DAY }, (_, hour) => hours[hour] ?? 0),
      };
    });
    const sum = (pick: (plant: PortfolioPlant) => number) =>
      plants.reduce((total, plant) => total + pick(plant), 0);
    const lifetimeKwh = rows.reduce(
      (total, row) =>
        total +
        (energy.get(row.id)?.total_kwh ?? 0) +
        pendingKwh(row) +
        Number(row.generation_offset_kwh),
      0,
    );
    const yearKwh = rows.reduce(
      (total, row) => total + (energy.get(row.id)?.year_kwh ?? 0) + pendingKwh(row),
      0,
    );
    return {
      totals: {
        plantCount: plants.length,
        capacityKwp: sum((plant) => plant.capacityKwp),
        powerW: sum((plant) => plant.powerW),
        todayKwh: rounded.kWh(sum((plant) => plant.todayKwh)),
        monthKwh: rounded.kWh(sum((plant) => plant.monthKwh)),
        yearKwh: rounded.kWh(yearKwh),
        lifetimeKwh: rounded.kWh(lifetimeKwh),
        co2Kg: rounded.kg(environmentalSavings(lifetimeKwh).co2Kg),
        incomes,
      },
      statusCounts,
      openAlarms,
      plants,
    };
  }
}
