import {
  type EndpointData,
  type Locale,
  REPORT_COLUMNS,
  type ReportColumn,
  type runReport,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { ReportsService } from '../reports/reports.service.js';
import type { Cell, Figure, TableRows } from './table-rows.js';
import type { ExportFilters } from './exports.tables.js';
import { exportHeaders } from '../i18n/export-headers.js';

type ReportFilters = Extract<ExportFilters, { kind: 'report' }>;
type Report = EndpointData<typeof runReport>;
type ReportRow = Report['rows'][number];

const kwh = (value: number | null): Figure | null =>
  value === null ? null : { value, unit: 'kWh' };

/** Each figure of a row as a cell, as the report page shows it. */
const FIGURE_CELLS: Record<ReportColumn, (row: ReportRow) => Cell> = {
  energyKwh: (row) => kwh(row.energyKwh),
  income: (row) => ({ value: row.income, unit: row.currency }),
  peakPowerKw: (row) => (row.peakPowerKw === null ? null : { value: row.peakPowerKw, unit: 'kW' }),
  equivalentHours: (row) =>
    row.equivalentHours === null ? null : { value: row.equivalentHours, unit: 'h' },
  performanceRatio: (row) =>
    row.performanceRatio === null ? null : { value: row.performanceRatio, unit: 'ratio' },
  importKwh: (row) => kwh(row.importKwh),
  exportKwh: (row) => kwh(row.exportKwh),
  selfConsumptionKwh: (row) => kwh(row.selfConsumptionKwh),
  co2SavedKg: (row) => ({ value: row.co2SavedKg, unit: 'kg' }),
};

/** The totals row's figure of each column; null where the page shows no total. */
const TOTAL_CELLS: Record<ReportColumn, (totals: Report['totals']) => Cell> = {
  energyKwh: (totals) => kwh(totals.energyKwh),
  income: () => null,
  peakPowerKw: (totals) =>
    totals.peakPowerKw === null ? null : { value: totals.peakPowerKw, unit: 'kW' },
  equivalentHours: () => null,
  performanceRatio: () => null,
  importKwh: (totals) => kwh(totals.importKwh),
  exportKwh: (totals) => kwh(totals.exportKwh),
  selfConsumptionKwh: () => null,
  co2SavedKg: (totals) => ({ value: totals.co2SavedKg, unit: 'kg' }),
};

/** The chosen figures in table order; all of them when none were chosen. */
export function reportColumnsOf(filters: Pick<ReportFilters, 'columns'>): ReportColumn[] {
  const chosen = new Set(filters.columns ?? REPORT_COLUMNS);
  return REPORT_COLUMNS.filter((column) => chosen.has(column));
}

/** Per device, a device column follows the plant's. */
const hasDeviceColumn = (filters: Pick<ReportFilters, 'grouping'>) => filters.grouping === 'device';

/**
 * The totals rows below the page's table: energy and grid figures once, income once per
 * currency (the first currency on the first row), blank where the page shows no total.
 */
function totalRows(
  report: Report,
  columns: ReportColumn[],
  label: string,
  withDevice: boolean,
): Cell[][] {
  const { totals } = report;
  const { incomes } = totals;
  const count = Math.max(incomes.length, 1);
  return Array.from({ length: count }, (_, index) => [
    label,
    ...(withDevice ? [null] : []),
    incomes[index]?.currency ?? null,
    ...columns.map((column): Cell => {
      if (column === 'income') {
        const income = incomes[index];
        return income ? { value: income.amount, unit: income.currency } : null;
      }
      return index > 0 ? null : TOTAL_CELLS[column](totals);
    }),
  ]);
}

/** The headers of a report file: plant (and device), period, then the chosen figures. */
export function reportHeaders(
  locale: Locale,
  filters: Pick<ReportFilters, 'grouping' | 'columns'>,
): string[] {
  const headers = exportHeaders(locale).report;
  return [
    headers.plant,
    ...(hasDeviceColumn(filters) ? [headers.device] : []),
    headers.period,
    ...reportColumnsOf(filters).map((column) => headers[column]),
  ];
}

/** The rows of a report and its totals, the chosen figures only. */
async function* reportCells(
  report: Report,
  filters: Pick<ReportFilters, 'grouping' | 'columns'>,
  totalLabel: string,
): AsyncIterable<Cell[]> {
  const columns = reportColumnsOf(filters);
  const withDevice = hasDeviceColumn(filters);
  for (const row of report.rows) {
    yield [
      row.plantName,
      ...(withDevice ? [row.deviceName] : []),
      row.period,
      ...columns.map((column) => FIGURE_CELLS[column](row)),
    ];
  }
  yield* totalRows(report, columns, totalLabel, withDevice);
}

/** The cells of a report already run: its rows, then the totals, in `locale`. */
export function reportFileRows(
  report: Report,
  filters: Pick<ReportFilters, 'grouping' | 'columns'>,
  locale: Locale,
): TableRows {
  return {
    total: report.rows.length + Math.max(report.totals.incomes.length, 1),
    rows: reportCells(report, filters, exportHeaders(locale).report.total),
  };
}

/**
 * A report file's rows: the answer of `/api/v1/reports/run` for the same selection (one
 * source: the report service over the overview's rollups), run once for both the count and
 * the rows, then the totals.
 */
export async function reportTableRows(
  db: Db,
  auth: AuthContext,
  filters: ReportFilters,
  locale: Locale,
): Promise<TableRows> {
  return reportFileRows(await new ReportsService({ db }).run(auth, filters), filters, locale);
}
