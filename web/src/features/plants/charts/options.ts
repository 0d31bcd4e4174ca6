import type { PowerPoint } from '@solar/contract';
import type { ChartOption } from './echarts';

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

/** Five-minute power of the plant-local day, in kW; series without any value are left out. */
export function powerCurveOption(points: readonly PowerPoint[], labels: SeriesLabels): ChartOption {
  const present = SERIES_KEYS.filter((key) =>
    points.some((point) => point[POINT_FIELDS[key]] !== null),
  );
  return {
    color: present.map((key) => COLOURS[key]),
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${String(value ?? '-')} kW` },
    legend: { top: 0, data: present.map((key) => labels[key]) },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((point) => point.localTime) },
    yAxis: { type: 'value', name: 'kW' },
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
}

export function barsOption(points: readonly BarPoint[], name: string, unit: string): ChartOption {
  return {
    color: [COLOURS.pv],
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        `${typeof value === 'number' ? value.toFixed(2) : '-'} ${unit}`,
    },
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: points.map((point) => point.period) },
    yAxis: { type: 'value', name: unit },
    series: [{ name, type: 'bar', barMaxWidth: 28, data: points.map((point) => point.value) }],
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
