import { localDate } from '../time/plant-time.js';

/** The period a saved report covers: a plant-local day, month or year. */
export const REPORT_PERIODS = ['day', 'month', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A saved configuration's periods: a calendar period or a fixed custom range of days. */
export const CONFIG_PERIODS = [...REPORT_PERIODS, 'custom'] as const;
export type ConfigPeriod = (typeof CONFIG_PERIODS)[number];

/** A custom range (page or configuration) spans at most this many plant-local days. */
export const MAX_CUSTOM_RANGE_DAYS = 366;

/** Days from `from` to `to`, both counted (`YYYY-MM-DD`). */
export function daysInRange(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** A report's rows: one per plant, per device of each plant, or per plant and day or month. */
export const REPORT_GROUPINGS = ['plant', 'device', 'day', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The figures a report may show, in table order. */
export const REPORT_COLUMNS = [
  'energyKwh',
  'income',
  'peakPowerKw',
  'equivalentHours',
  'performanceRatio',
  'importKwh',
  'exportKwh',
  'selfConsumptionKwh',
  'co2SavedKg',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

export const REPORT_FILE_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

const pad = (value: number) => String(value).padStart(2, '0');

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first and last day (`YYYY-MM-DD`, inclusive) of the period holding `date`. */
export function periodRange(period: ReportPeriod, date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  switch (period) {
    case 'day':
      return { from: date, to: date };
    case 'month':
      return {
        from: `${year}-${pad(month)}-01`,
        to: `${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}`,
      };
    case 'year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}

/**
 * The last complete period before `now` in `timeZone`: the local yesterday, or the month or
 * year holding it. A scheduled report covers it, so a monthly rule on the 1st reports the past
 * month of its owner's calendar.
 */
export function lastCompletePeriod(
  period: ReportPeriod,
  now: Date,
  timeZone = 'UTC',
): { from: string; to: string } {
  const today = new Date(`${localDate(timeZone, now)}T00:00:00Z`);
  const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
  return periodRange(period, yesterday);
}

/**
 * The days a configuration's file covers at `now`: its fixed range when custom, else the last
 * complete period in its time zone.
 */
export function configRange(
  config: { period: ConfigPeriod; from: string | null; to: string | null; timeZone: string },
  now: Date,
): { from: string; to: string } {
  if (config.period === 'custom' && config.from && config.to) {
    return { from: config.from, to: config.to };
  }
  const period = config.period === 'custom' ? 'day' : config.period;
  return lastCompletePeriod(period, now, config.timeZone);
}
