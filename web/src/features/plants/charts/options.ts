import type { PowerPoint } from '@solar/contract';
import type { ChartText } from '../../../shared/charts/chart-text';
import type { ChartOption } from '../../../shared/charts/echarts';

export interface SeriesLabels {
  pv: string;
  grid: string;
  battery: string;
  load: string;
}

const COLOURS = { pv: '#e85c0b', grid: '#1677ff', battery: '#52c41a', load: '#722ed1' };
const SERIES_KEYS = ['pv', 'grid', 'battery', 'load'] as const;
const POINT_FIELDS = { pv: 'pvW', grid: 'gridW', battery: 'batteryW', load: 'loadW' } as const;

function toKw(watts: number | null): number | null {
  return watts === null ? null : Math.round(watts) / 1000;
}

const HOURS_BETWEEN_LABELS = 3;

const MAX_TICK_DECIMALS = 2;

/**
 * The decimals a value axis tick needs to show as ECharts chose it: a small plant's axis runs
 * 0, 0.05, 0.1 kW, which whole numbers would label 0, 0, 0.
 */
export function tickDecimals(value: number): number {
  const fraction = String(Number(value.toPrecision(12))).split('.')[1] ?? '';
  return Math.min(fraction.length, MAX_TICK_DECIMALS);
}

/** Labels of the time axis only at whole hours, every third one so a phone can read them. */
export function isHourLabel(localTime: string): boolean {
  return localTime.endsWith(':00') && Number(localTime.slice(0, 2)) % HOURS_BETWEEN_LABELS === 0;
}

function unitFormatter(text: ChartText, unit: string, decimals: number) {
  return (value: unknown) =>
    `${typeof value === 'number' ? text.decimal(value, decimals) : '-'} ${unit}`;
}

/**
 * Five-minute power of the plant-local day, in kW; series without any value are left out.
 * The time axis is the plant's clock, labelled at whole hours and named by its zone.
 */
export function powerCurveOption(
  points: readonly PowerPoint[],
  labels: SeriesLabels,
  text: ChartText,
): ChartOption {
  const present = SERIES_KEYS.filter((key) =>
    points.some((point) => point[POINT_FIELDS[key]] !== null),
  );
  const hourTick = (_index: number, value: string) => isHourLabel(value);
  return {
    backgroundColor: 'transparent',
    color: present.map((key) => COLOURS[key]),
    tooltip: { trigger: 'axis', valueFormatter: unitFormatter(text, 'kW', 2) },
    legend: { top: 0, data: present.map((key) => labels[key]) },
    grid: { left: 48, right: 16, top: 40, bottom: 40 },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      name: text.zone,
      nameLocation: 'end',
      nameGap: 4,
      nameTextStyle: { verticalAlign: 'top', padding: [20, 0, 0, 0] },
      axisLabel: { interval: hourTick },
      axisTick: { interval: hourTick },
      data: points.map((point) => point.localTime),
    },
    yAxis: {
      type: 'value',
      name: 'kW',
      axisLabel: { formatter: (value: number) => text.decimal(value, tickDecimals(value)) },
    },
    series: present.map((key) => ({
      name: labels[key],
      type: 'line',
      showSymbol: false,
      smooth: true,
      areaStyle: key === 'pv' ? { opacity: 0.15 } : undefined,
      data: points.map((point) => toKw(point[POINT_FIELDS[key]])),
    })),
  };
}

export interface BarPoint {
  period: string;
  value: number;
  /** The generation before monitoring: a bar of its own colour before the first period. */
  isBeforeMonitoring?: boolean;
}

/** Muted: history the portal did not measure itself. */
const BEFORE_MONITORING_COLOUR = '#bfbfbf';

export function barsOption(
  points: readonly BarPoint[],
  name: string,
  unit: string,
  text: ChartText,
): ChartOption {
  return {
    backgroundColor: 'transparent',
    color: [COLOURS.pv],
    tooltip: { trigger: 'axis', valueFormatter: unitFormatter(text, unit, 2) },
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: points.map((point) => point.period) },
    yAxis: {
      type: 'value',
      name: unit,
      axisLabel: { formatter: (value: number) => text.decimal(value, tickDecimals(value)) },
    },
    series: [
      {
        name,
        type: 'bar',
        barMaxWidth: 28,
        data: points.map((point) =>
          point.isBeforeMonitoring
            ? { value: point.value, itemStyle: { color: BEFORE_MONITORING_COLOUR } }
            : point.value,
        ),
      },
    ],
  };
}

const MINUTES_PER_SAMPLE = 5;

/** Hourly generation (kWh) of a day from its five-minute PV power. */
export function hourlyEnergy(points: readonly PowerPoint[]): BarPoint[] {
  const hours = new Map<string, number>();
  for (const point of points) {
    const hour = `${point.localTime.slice(0, 2)}:00`;
    const kwh = ((point.pvW ?? 0) / 1000) * (MINUTES_PER_SAMPLE / 60);
    hours.set(hour, (hours.get(hour) ?? 0) + kwh);
  }
  return [...hours].map(([period, value]) => ({ period, value }));
}
