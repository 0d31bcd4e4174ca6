import { type PowerPoint, withThousandSeparators } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { barsOption, hourlyEnergy, isHourLabel, powerCurveOption, tickDecimals } from './options';
import type { ChartText } from '../../../shared/charts/chart-text';

const point = (localTime: string, pvW: number | null, gridW: number | null = null): PowerPoint => ({
  time: `2026-06-01T${localTime}:00Z`,
  localTime,
  pvW,
  gridW,
  batteryW: null,
  loadW: null,
});

const labels = { pv: 'PV', grid: 'Grid', battery: 'Battery', load: 'Load' };
const GERMAN_TEXT: ChartText = {
  decimal: (value, decimals) => withThousandSeparators(value, decimals, 'de'),
  zone: 'PDT',
};

describe('chart options', () => {
  it('draws only the series that have values, in kW', () => {
    const option = powerCurveOption(
      [point('10:00', 1500, -200), point('10:05', 2500, null)],
      labels,
      GERMAN_TEXT,
    );
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.map((entry) => entry.name)).toEqual(['PV', 'Grid']);
    expect(series[0]?.data).toEqual([1.5, 2.5]);
    expect(series[1]?.data).toEqual([-0.2, null]);
  });

  it('sums five-minute PV power into hourly energy', () => {
    const points = Array.from({ length: 12 }, (_, index) =>
      point(`10:${String(index * 5).padStart(2, '0')}`, 1200),
    );
    const hours = hourlyEnergy([...points, point('11:00', 600)]);
    expect(hours.map((hour) => hour.period)).toEqual(['10:00', '11:00']);
    expect(hours[0]?.value).toBeCloseTo(1.2);
    expect(hours[1]?.value).toBeCloseTo(0.05);
  });

  it('labels the time axis at whole hours with the plant zone and locale decimals', () => {
    const option = powerCurveOption(
      [point('09:00', 1500), point('09:05', 1234)],
      labels,
      GERMAN_TEXT,
    );
    const xAxis = option.xAxis as { name: string };
    expect(xAxis.name).toBe('PDT');
    expect(['00:00', '09:00', '10:00', '09:05', '12:00'].filter(isHourLabel)).toEqual([
      '00:00',
      '09:00',
      '12:00',
    ]);
    const tooltip = option.tooltip as { valueFormatter: (value: unknown) => string };
    expect(tooltip.valueFormatter(1.234)).toBe('1,23 kW');
    const yAxis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect([0, 0.05, 0.1, 2.5, 10].map(yAxis.axisLabel.formatter)).toEqual([
      '0',
      '0,05',
      '0,1',
      '2,5',
      '10',
    ]);
  });

  it('gives a tick the decimals it has, at most two', () => {
    expect([0, 0.1 + 0.2, 0.05, 1 / 3, 1500].map(tickDecimals)).toEqual([0, 1, 2, 2, 0]);
  });

  it('labels bars by period and their value axis in the reader locale', () => {
    const option = barsOption([{ period: '2026-06', value: 3 }], 'Energy', 'kWh', GERMAN_TEXT);
    expect(option.xAxis).toEqual({ type: 'category', data: ['2026-06'] });
    const yAxis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect([2.5, 12000].map(yAxis.axisLabel.formatter)).toEqual(['2,5', '12.000']);
  });

  it('draws the generation before monitoring as a bar of its own colour', () => {
    const option = barsOption(
      [
        { period: 'Before monitoring', value: 19000, isBeforeMonitoring: true },
        { period: '2026', value: 1000 },
      ],
      'Energy',
      'kWh',
      GERMAN_TEXT,
    );
    const [series] = option.series as { data: unknown[] }[];
    expect(series?.data).toEqual([{ value: 19000, itemStyle: { color: '#bfbfbf' } }, 1000]);
  });
});
