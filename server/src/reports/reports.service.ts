import {
  CO2_KG_PER_KWH,
  ErrorCode,
  MAX_REPORT_PLANTS,
  rounded,
  roundTo,
  type ParsedBody,
  type EndpointData,
  type runReport,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { OverviewService } from '../overview/overview.service.js';
import { currencyOf } from '../plants/plants.presenter.js';
import { visiblePlants } from '../plants/plant-access.js';
import { addDays } from '../plants/plant-calendar.js';
import { performanceRatio } from '../devices/weather-performance.js';
import { deviceRows } from './device-rows.js';
import { irradiationKwhM2, peakPowerKw, WHOLE_RANGE } from './report-figures.js';

export type RunReportBody = ParsedBody<typeof runReport>;
type ReportRow = EndpointData<typeof runReport>['rows'][number];

const round = roundTo;
const nullableRound = (value: number | undefined, decimals: number) =>
  value === undefined ? null : round(value, decimals);
/** Energy is kept to the Wh, equivalent hours to two decimals (section 9 formats for display). */
const ENERGY_DECIMALS = 3;

interface Figures {
  energyKwh: number;
  income: number;
  importKwh: number;
  exportKwh: number;
}

function sumOf(rows: Figures[]): Figures {
  return rows.reduce(
    (sum, row) => ({
      energyKwh: sum.energyKwh + row.energyKwh,
      income: sum.income + row.income,
      importKwh: sum.importKwh + row.importKwh,
      exportKwh: sum.exportKwh + row.exportKwh,
    }),
    { energyKwh: 0, income: 0, importKwh: 0, exportKwh: 0 },
  );
}

/**
 * Reports over several plants. Each plant's figures are the overview's own `report` (the daily
 * rollups of plant-local days and the plant's pricing), so a report equals the overview to the
 * last Wh; a per-plant row sums that plant's months.
 */
export class ReportsService {
  private readonly overview: OverviewService;

  constructor(private readonly deps: Pick<AppDeps, 'db'>) {
    this.overview = new OverviewService(deps);
  }

  /** The plants of a report: the given ones (700 if one is not visible), else all visible. */
  async plantIdsOf(auth: AuthContext, plantIds: number[] | undefined): Promise<number[]> {
    let query = this.deps.db
      .selectFrom('plants')
      .select('plants.id')
      .where((eb) => visiblePlants(auth)(eb))
      .orderBy('plants.name')
      .orderBy('plants.id')
      .limit(MAX_REPORT_PLANTS);
    const wanted = plantIds && plantIds.length > 0 ? [...new Set(plantIds)] : null;
    if (wanted) query = query.where('plants.id', 'in', wanted);
    const ids = (await query.execute()).map((row) => row.id);
    if (wanted && ids.length !== wanted.length) throw new AppError(ErrorCode.plantNotFound);
    return ids;
  }

  /**
   * One plant's rows and its peak power over them; `plantId` comes from `plantIdsOf`, so it is
   * visible to the caller. Per device, the plant's whole-range row is split over its devices.
   */
  private async plantRows(
    plantId: number,
    body: RunReportBody,
  ): Promise<{ rows: ReportRow[]; peakKw: number | null }> {
    const ctx = await this.overview.visibleContext(plantId);
    const granularity = body.grouping === 'day' ? 'day' : 'month';
    const report = await this.overview.report(ctx, granularity, body.from, body.to);
    const isWhole = body.grouping === 'plant' || body.grouping === 'device';
    const periods = isWhole
      ? [{ period: `${body.from} – ${body.to}`, ...sumOf(report.rows) }]
      : report.rows;
    const figureGrouping = isWhole ? 'range' : granularity;
    const range = {
      timeZone: ctx.plant.time_zone,
      from: body.from,
      toExclusive: addDays(body.to, 1),
    };
    const [peaks, irradiation] = await Promise.all([
      peakPowerKw(this.deps.db, ctx.devices, figureGrouping, range),
      irradiationKwhM2(this.deps.db, ctx.devices.weather[0], figureGrouping, range),
    ]);
    const keyOf = (period: string) => (isWhole ? WHOLE_RANGE : period);
    const capacityKwp = Number(ctx.plant.capacity_kwp);
    const hasMeter = ctx.devices.meter.length > 0;
    const currency = currencyOf(ctx.plant.currency);
    const rows = periods.map((row) => ({
      plantId,
      plantName: report.plantName,
      deviceId: null,
      deviceName: null,
      period: row.period,
      currency,
      capacityKwp,
      energyKwh: round(row.energyKwh, ENERGY_DECIMALS),
      income: rounded.money(row.income, currency),
      peakPowerKw: nullableRound(peaks.get(keyOf(row.period)), ENERGY_DECIMALS),
      equivalentHours: capacityKwp > 0 ? round(row.energyKwh / capacityKwp, 2) : null,
      performanceRatio: irradiation
        ? performanceRatio(row.energyKwh, irradiation.get(keyOf(row.period)) ?? 0, capacityKwp)
        : null,
      co2SavedKg: round(Math.max(row.energyKwh, 0) * CO2_KG_PER_KWH, 1),
      importKwh: hasMeter ? round(row.importKwh, ENERGY_DECIMALS) : null,
      exportKwh: hasMeter ? round(row.exportKwh, ENERGY_DECIMALS) : null,
      selfConsumptionKwh: hasMeter
        ? round(Math.max(row.energyKwh - row.exportKwh, 0), ENERGY_DECIMALS)
        : null,
    }));
    const peakKw = peaks.size > 0 ? round(Math.max(...peaks.values()), ENERGY_DECIMALS) : null;
    if (body.grouping !== 'device') return { rows, peakKw };
    const devices = await deviceRows(this.deps.db, ctx.devices, rows[0]!, {
      ...range,
      includesToday: ctx.today >= range.from && ctx.today < range.toExclusive,
      irradiationKwhM2: irradiation?.get(WHOLE_RANGE) ?? (irradiation ? 0 : null),
    });
    return { rows: devices, peakKw };
  }

  async run(auth: AuthContext, body: RunReportBody) {
    const plantIds = await this.plantIdsOf(auth, body.plantIds);
    const rows: ReportRow[] = [];
    const peaks: number[] = [];
    for (const plantId of plantIds) {
      const plant = await this.plantRows(plantId, body);
      rows.push(...plant.rows);
      if (plant.peakKw !== null) peaks.push(plant.peakKw);
    }
    const incomes = new Map<string, number>();
    for (const row of rows)
      incomes.set(row.currency, (incomes.get(row.currency) ?? 0) + row.income);
    const total = (key: 'energyKwh' | 'importKwh' | 'exportKwh') =>
      round(
        rows.reduce((sum, row) => sum + (row[key] ?? 0), 0),
        ENERGY_DECIMALS,
      );
    return {
      rows,
      totals: {
        energyKwh: total('energyKwh'),
        peakPowerKw: peaks.length > 0 ? Math.max(...peaks) : null,
        co2SavedKg: round(total('energyKwh') * CO2_KG_PER_KWH, 1),
        importKwh: total('importKwh'),
        exportKwh: total('exportKwh'),
        incomes: [...incomes].map(([currency, amount]) => ({
          currency,
          amount: rounded.money(amount, currency),
        })),
      },
    };
  }
}
